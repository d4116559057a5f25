"""`kiosk-app check auto`: the kiosk's routing on the command line, against the simulator."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.cli.main import main
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.usage import UsageStore
from tests.aamva_factory import CardSpec, build_payload, canadian_spec


def _conn(url: str) -> list[str]:
    urls = ["--base-url", url, "--dvs-url", url, "--parse-url", url]
    return [*urls, "--token", "test", "--auth-key", "test"]


def _file(tmp_path: Path, payload: bytes, name: str = "card.bin") -> str:
    path = tmp_path / name
    path.write_bytes(payload)
    return str(path)


def _services() -> list[str]:
    with UsageStore() as store:
        return sorted(r.service for r in store.counts_this_month() for _ in range(r.count))


@pytest.mark.parametrize(
    ("key", "check", "card"),
    [
        ("canada-passed", "canada", "Canadian driver's licence (PE)"),
        ("canada-failed", "canada", "Canadian driver's licence (ON)"),
        ("signature-valid", "signature", "US driver's licence (CO)"),
        # Cut short: placed by the header's IIN; the service answers Undefined (not billed).
        ("signature-unreadable", "signature", "US driver's licence (CO)"),
    ],
)
def test_the_routed_check_runs_and_the_routing_is_at_the_top_of_the_json(
    simulator: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path, key: str, check: str,
    card: str,
) -> None:  # fmt: skip
    payload = _file(tmp_path, SAMPLES_BY_KEY[key].payload)
    status = main(
        ["check", "auto", "--barcode-file", payload, "--json", *_conn(simulator.base_url)]
    )
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert next(iter(report)) == "routing"
    assert report["routing"] == {"check": check, "reason": f"{card}: the check set for these cards"}
    assert report["verdict"]["service"] == check
    assert _services() == [check]


def test_the_text_output_names_the_check_first(
    simulator: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    payload = _file(tmp_path, SAMPLES_BY_KEY["canada-passed"].payload)
    assert main(["check", "auto", "--barcode-file", payload, *_conn(simulator.base_url)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0] == "Routing: canada — Canadian driver's licence (PE): the check set for these cards"
    )
    assert out[1].startswith("Canadian registry check: Passed")


@pytest.mark.parametrize(
    ("payload", "check", "reason"),
    [
        (
            build_payload(canadian_spec(document_type="ID")),
            None,
            "Canadian ID card (ON): the registry check is for driver's licences only",
        ),
        (
            build_payload(canadian_spec(licence_number="NONE")),
            "canada",
            "Canadian driver's licence (ON): the barcode lacks a detail the registry needs; "
            "complete the form",
        ),
        (
            build_payload(CardSpec()).replace(b"DCGUSA", b"DCGCAN"),
            None,
            "Card of unknown origin: the barcode names two different countries (damaged or "
            "unusual); choose a check",
        ),
        (b"not a licence at all", None, "Card of unknown origin: the barcode does not say "
         "which country issued the card; choose a check"),
    ],
)  # fmt: skip
def test_a_card_with_no_automatic_check_is_not_sent(
    simulator: Any,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    payload: bytes,
    check: str | None,
    reason: str,
) -> None:
    before = simulator.request_count
    path = _file(tmp_path, payload)
    status = main(["check", "auto", "--barcode-file", path, "--json", *_conn(simulator.base_url)])
    captured = capsys.readouterr()
    assert status == 2
    assert json.loads(captured.out) == {"routing": {"check": check, "reason": reason}}
    assert "Not sent" in captured.err
    assert simulator.request_count == before and _services() == []


def test_the_per_country_setting_is_followed(
    simulator: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("KIOSK_CANADIAN_LICENCES", "parse")
    payload = _file(tmp_path, SAMPLES_BY_KEY["canada-passed"].payload)
    status = main(
        ["check", "auto", "--barcode-file", payload, "--json", *_conn(simulator.base_url)]
    )
    report = json.loads(capsys.readouterr().out)
    assert status == 0 and report["routing"]["check"] == "dvs-parse"
    assert report["verdict"]["service"] == "dvs-parse"
