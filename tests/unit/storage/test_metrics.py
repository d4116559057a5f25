"""Prometheus textfile metrics: the real usage database rendered in the text
format, checked by Debian's ``promtool check metrics`` (package ``prometheus``; the test command
installs it), written atomically, and written by ``kiosk-app check`` against the simulator.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.app.metrics import input_working
from kiosk_app.storage.compliance import ComplianceRecord, RecordRow, RecordStoreError
from kiosk_app.storage.metrics import (
    METRICS_FILE_NAME,
    MetricsSnapshot,
    render,
    take_snapshot,
    with_record,
    write_metrics,
    write_metrics_quietly,
    write_textfile,
)
from kiosk_app.storage.usage import CheckRecord, UsageStore

PROMTOOL = shutil.which("promtool")
needs_promtool = pytest.mark.skipif(
    PROMTOOL is None, reason="promtool absent (Debian package prometheus; dev.sh test installs it)"
)
WHEN = datetime(2026, 11, 3, 14, 30, tzinfo=UTC)


def _promtool_ok(text: str) -> None:
    assert PROMTOOL is not None
    done = subprocess.run(
        [PROMTOOL, "check", "metrics"], input=text, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "" and done.stderr.strip() == "", done.stdout + done.stderr


def _store(tmp_path: Path) -> UsageStore:
    store = UsageStore(tmp_path / "usage.sqlite3")
    for service, verdict, billable, error in [
        ("signature", "Passed", True, None),
        ("signature", "Passed", True, None),
        ("signature", "Failed", True, None),
        ("canada", "Passed", True, None),
        ("dvs-parse", "Flagged", False, None),
        ("signature", None, False, "ApiTimeoutError"),
        ("canada", None, False, "ApiConnectionError"),
    ]:
        store.record(CheckRecord(service, verdict, billable, 120, error_class=error, time_utc=WHEN))
    return store


def _samples(text: str) -> dict[str, float]:
    return {
        line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line and not line.startswith("#")
    }


@needs_promtool
def test_the_usage_database_as_metrics_passes_promtool(tmp_path: Path) -> None:
    store = _store(tmp_path)
    text = render(
        take_snapshot(store, "1.2.3", "montreal-front-2", {"WedgeSource": True, "Camera": False})
    )
    _promtool_ok(text)
    samples = _samples(text)
    desk = 'desk_id="montreal-front-2"'
    assert samples[f'kiosk_app_info{{{desk},version="1.2.3"}}'] == 1
    assert samples[f'kiosk_app_checks_total{{{desk},service="signature",verdict="Passed"}}'] == 2
    assert samples[f'kiosk_app_checks_total{{{desk},service="signature",verdict="Failed"}}'] == 1
    assert samples[f'kiosk_app_billable_checks_total{{{desk},service="signature"}}'] == 3
    assert samples[f'kiosk_app_billable_checks_total{{{desk},service="dvs-parse"}}'] == 0
    errors = (
        f'kiosk_app_failed_calls_total{{{desk},service="canada",error_class="ApiConnectionError"}}'
    )
    assert samples[errors] == 1
    assert samples[f"kiosk_app_last_successful_check_timestamp_seconds{{{desk}}}"] == (
        WHEN.timestamp()
    )
    assert samples[f'kiosk_app_input_up{{{desk},input="Camera"}}'] == 0
    assert samples[f'kiosk_app_input_up{{{desk},input="WedgeSource"}}'] == 1
    assert sum(v for k, v in samples.items() if k.startswith("kiosk_app_checks_total")) == 5
    # WHEN is in an earlier month than the test's "now" unless run in November 2026.
    this_month = store.billable_this_month()
    assert samples[f"kiosk_app_billable_checks_this_month{{{desk}}}"] == this_month


@needs_promtool
def test_an_empty_database_and_an_awkward_desk_id_still_pass_promtool(tmp_path: Path) -> None:
    desk = 'Desk "A" \\ back\nroom'
    text = render(take_snapshot(UsageStore(tmp_path / "u.sqlite3"), "0+unknown", desk))
    _promtool_ok(text)
    assert 'desk_id="Desk \\"A\\" \\\\ back\\nroom"' in text
    assert "kiosk_app_last_successful_check_timestamp_seconds" in text
    _promtool_ok(render(MetricsSnapshot("1", "d")))  # counting unavailable


def _record(tmp_path: Path) -> ComplianceRecord:
    record = ComplianceRecord(tmp_path / "compliance.sqlite3", clock=lambda: WHEN)
    for title, colour, age in [
        ("passed", "passed", "over"),
        ("passed", "passed", "over"),
        ("under-age", "underage", "under"),
        ("failed", "failed", "unknown"),
    ]:
        record.add(RecordRow("d", "signature", title, colour, age, "valid", True))
    return record


@needs_promtool
def test_the_compliance_counters_by_banner_and_age_pass_promtool(tmp_path: Path) -> None:
    with _record(tmp_path) as record:
        text = render(with_record(take_snapshot(_store(tmp_path), "1", "front"), record))
        record.prune(1)  # pruned rows: the counters stay
        assert (
            render(with_record(take_snapshot(None, "1", "front"), record)).count(
                "kiosk_app_shown_verdicts_total{"
            )
            == 3
        )
    _promtool_ok(text)
    shown = {
        k: v
        for k, v in _samples(text).items()
        if "_outcomes_" in k or "_shown_" in k or "compliance" in k
    }
    assert shown == {
        'kiosk_app_shown_verdicts_total{desk_id="front",title="failed",colour="failed"}': 1,
        'kiosk_app_shown_verdicts_total{desk_id="front",title="passed",colour="passed"}': 2,
        'kiosk_app_shown_verdicts_total{desk_id="front",title="under-age",colour="underage"}': 1,
        'kiosk_app_age_outcomes_total{desk_id="front",outcome="over"}': 2,
        'kiosk_app_age_outcomes_total{desk_id="front",outcome="under"}': 1,
        'kiosk_app_age_outcomes_total{desk_id="front",outcome="unknown"}': 1,
        'kiosk_app_compliance_record_failed{desk_id="front"}': 0,
    }


def test_the_compliance_counters_only_while_the_record_is_on(tmp_path: Path) -> None:
    folder = tmp_path / "textfile"

    class _Settings:
        metrics_dir = str(folder)
        desk_id = "d"
        compliance_record = False

    with _record(tmp_path) as record:
        written = write_metrics_quietly(_Settings(), None, None, record)
        assert written is not None
        assert "kiosk_app_shown_verdicts_total{" not in written.read_text()
        assert "# TYPE kiosk_app_age_outcomes_total counter" in written.read_text()
        _Settings.compliance_record = True
        assert write_metrics_quietly(_Settings(), None, None, record) == written
        assert 'kiosk_app_age_outcomes_total{desk_id="d",outcome="under"} 1' in (
            written.read_text()
        )


def test_the_file_is_replaced_whole_and_readable_by_node_exporter(tmp_path: Path) -> None:
    folder = tmp_path / "textfile"
    first = write_textfile(folder, "a 1\n")
    inode = first.stat().st_ino
    second = write_metrics(folder, _store(tmp_path), "1", "d")
    assert second == first == folder / METRICS_FILE_NAME
    assert second.stat().st_ino != inode  # a new file renamed over the old one
    assert second.stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in folder.iterdir()) == [METRICS_FILE_NAME]
    assert "kiosk_app_checks_total" in second.read_text()
    assert b"\r" not in second.read_bytes()  # written as bytes, never in a platform's text mode


def test_a_folder_that_cannot_be_written_never_stops_a_check(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")

    class _Settings:
        metrics_dir = str(blocker / "sub")
        desk_id = "d"
        compliance_record = False

    assert write_metrics_quietly(_Settings(), None) is None
    assert "metrics not written" in caplog.text


@pytest.mark.parametrize(
    ("status", "working"),
    [
        ("Ready", True),
        ("Listening", True),
        ("Ready on /dev/ttyACM0", True),
        ("Watching /srv/scans", True),
        ("Read scan-001.png", True),
        ("Stopped", False),
        ("Starting…", False),
        ("Disconnected (/dev/ttyACM0) — reconnecting", False),
        ("Not connected (COM3) — waiting for it", False),
        ("No camera connected — the other inputs still work", False),
        ("No port set in the admin settings", False),
        ("Folder not found or not readable: /srv/scans", False),
        ("Demo video not found: x.mp4", False),
        ("/dev/ttyACM0 is busy or access is denied — retrying", False),
    ],
)
def test_input_working(status: str, working: bool) -> None:
    assert input_working(status) is working


@needs_promtool
def test_kiosk_app_check_writes_the_metrics(tmp_path: Path, simulator: Any) -> None:
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY

    folder = tmp_path / "textfile"
    payload = tmp_path / "payload.bin"
    payload.write_bytes(SAMPLES_BY_KEY["signature-valid"].payload)
    url = simulator.base_url
    env = {**os.environ, "KIOSK_METRICS_DIR": str(folder), "KIOSK_DESK_ID": "desk-7"}
    command = [sys.executable, "-m", "kiosk_app", "check", "signature", "--json"]
    command += ["--barcode-file", str(payload), "--token", "test"]
    command += ["--base-url", url, "--dvs-url", url, "--parse-url", url]
    for _ in range(2):
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)["verdict"]
    text = (folder / METRICS_FILE_NAME).read_text()
    _promtool_ok(text)
    samples = _samples(text)
    status = verdict["statusString"]
    assert status == "Passed"
    key = f'kiosk_app_checks_total{{desk_id="desk-7",service="signature",verdict="{status}"}}'
    assert samples[key] == 2
    billable = 2 if verdict["billable"] else 0
    assert samples['kiosk_app_billable_checks_total{desk_id="desk-7",service="signature"}'] == (
        billable
    )
    assert samples['kiosk_app_billable_checks_this_month{desk_id="desk-7"}'] == billable
    assert SAMPLES_BY_KEY["signature-valid"].payload.decode(errors="replace")[:20] not in text


@needs_promtool
def test_a_record_that_cannot_be_written_sets_its_gauge(tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("a file where the folder should be")
    record = ComplianceRecord(tmp_path / "blocked" / "compliance.sqlite3", clock=lambda: WHEN)
    with pytest.raises(RecordStoreError):
        record.add(RecordRow("d", "signature", "passed", "passed", "over", "valid", True))
    text = render(with_record(take_snapshot(None, "1", "d"), record))
    _promtool_ok(text)
    assert _samples(text)['kiosk_app_compliance_record_failed{desk_id="d"}'] == 1
    assert "kiosk_app_compliance_record_failed{" not in render(take_snapshot(None, "1", "d"))
