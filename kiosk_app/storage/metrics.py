"""Usage counters and health in the Prometheus text format, for node_exporter's textfile
collector (``--collector.textfile.directory``).

The file is written whole to a temporary name in the same directory and renamed over the old
one, so the collector never reads half a file. Only counts, services, verdicts, error classes,
input names and their state, the version and the desk id: no personal data. Counters are the
usage database's all-time totals, so they only grow (a new database restarts them, which
``increase()`` handles as a counter reset).
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Protocol

from kiosk_app.storage.compliance import ComplianceRecord, RecordStoreError
from kiosk_app.storage.usage import CountRow, UsageStore, UsageStoreError

_log = logging.getLogger(__name__)

METRICS_FILE_NAME: Final = "kiosk_app.prom"
# All of time, for the database's all-time totals.
_EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
_FAR_FUTURE: Final = datetime(9999, 1, 1, tzinfo=UTC)
# A label value is one short line (a desk id is at most 64 characters; this bounds the rest).
MAX_LABEL_CHARS: Final = 100
_LabelSet = tuple[tuple[str, str], ...]  # (label name, value) pairs, in order


@dataclass(frozen=True)
class MetricsSnapshot:
    """What one metrics file says."""

    version: str
    desk_id: str
    checks: tuple[CountRow, ...] = ()
    errors: Mapping[tuple[str, str], int] = field(default_factory=dict)
    last_answer_utc: datetime | None = None
    inputs: Mapping[str, bool] = field(default_factory=dict)  # input name -> working
    billable_this_month: int = 0  # the desk's local calendar month, as the quota counts
    counting_failed: bool = False  # no store, a check not counted, or the counts unreadable
    # The compliance record's all-time counts (empty while it is off).
    banners: Mapping[tuple[str, str], int] = field(default_factory=dict)  # (title, colour)
    age_outcomes: Mapping[str, int] = field(default_factory=dict)
    record_failed: bool | None = None  # rows wait in memory (a full disk); None: record off


def with_record(snapshot: MetricsSnapshot, record: ComplianceRecord | None) -> MetricsSnapshot:
    """``snapshot`` with the compliance record's counts (unchanged without a record, or when
    its counts cannot be read)."""
    if record is None:
        return snapshot
    try:
        totals = record.totals()
    except RecordStoreError:
        return replace(snapshot, record_failed=True)
    return replace(
        snapshot,
        banners=totals.by_banner,
        age_outcomes=totals.by_age,
        record_failed=record.write_problem is not None,
    )


def take_snapshot(
    store: UsageStore | None, version: str, desk_id: str, inputs: Mapping[str, bool] | None = None
) -> MetricsSnapshot:
    """The counters from ``store`` (None, or counts that cannot be read: counting failed, so
    no counters, and the counting-failed gauge says so)."""
    failed = MetricsSnapshot(version, desk_id, inputs=dict(inputs or {}), counting_failed=True)
    if store is None:
        return failed
    try:
        return MetricsSnapshot(
            version=version,
            desk_id=desk_id,
            checks=tuple(store.counts_between(_EPOCH, _FAR_FUTURE)),
            errors=store.error_counts(),
            last_answer_utc=store.last_answer_utc(),
            inputs=dict(inputs or {}),
            billable_this_month=store.billable_this_month(),
            counting_failed=store.write_problem is not None,
        )
    except UsageStoreError:
        return failed


def label_value(value: str) -> str:
    """``value`` escaped for a label (backslash, quote, newline), one bounded line."""
    text = value[:MAX_LABEL_CHARS]
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _labels(**labels: str) -> str:
    return ",".join(f'{name}="{label_value(value)}"' for name, value in labels.items())


def render(snapshot: MetricsSnapshot) -> str:
    """The text format (HELP and TYPE once per family, every family present)."""
    desk = snapshot.desk_id
    lines = [
        "# HELP kiosk_app_info The kiosk's version and desk id.",
        "# TYPE kiosk_app_info gauge",
        f"kiosk_app_info{{{_labels(desk_id=desk, version=snapshot.version)}}} 1",
        "# HELP kiosk_app_checks_total Checks that got a verdict, by service and verdict.",
        "# TYPE kiosk_app_checks_total counter",
    ]
    answered = [r for r in snapshot.checks if r.verdict is not None]
    for row in answered:
        labels = _labels(desk_id=desk, service=row.service, verdict=str(row.verdict))
        lines.append(f"kiosk_app_checks_total{{{labels}}} {row.count}")
    lines += [
        "# HELP kiosk_app_billable_checks_total Billable checks, by service.",
        "# TYPE kiosk_app_billable_checks_total counter",
    ]
    lines += _per_service("kiosk_app_billable_checks_total", desk, snapshot.checks, "billable")
    lines += [
        "# HELP kiosk_app_checks_outcome_unknown_total Checks sent whose outcome never came "
        "back (the kiosk stopped first); counted as billable.",
        "# TYPE kiosk_app_checks_outcome_unknown_total counter",
    ]
    lines += _per_service(
        "kiosk_app_checks_outcome_unknown_total", desk, snapshot.checks, "unknown"
    )
    lines += [
        "# HELP kiosk_app_usage_counting_failed Whether usage is not being counted (1: the "
        "usage database cannot be opened, written or read; a full disk) or is (0).",
        "# TYPE kiosk_app_usage_counting_failed gauge",
        f"kiosk_app_usage_counting_failed{{{_labels(desk_id=desk)}}} "
        f"{1 if snapshot.counting_failed else 0}",
        "# HELP kiosk_app_billable_checks_this_month Billable checks this calendar month (the "
        "desk's local month, as its quota counts).",
        "# TYPE kiosk_app_billable_checks_this_month gauge",
        f"kiosk_app_billable_checks_this_month{{{_labels(desk_id=desk)}}} "
        f"{snapshot.billable_this_month}",
        "# HELP kiosk_app_failed_calls_total Calls that ended in an error, by error class.",
        "# TYPE kiosk_app_failed_calls_total counter",
    ]
    for (service, error_class), count in sorted(snapshot.errors.items()):
        labels = _labels(desk_id=desk, service=service, error_class=error_class)
        lines.append(f"kiosk_app_failed_calls_total{{{labels}}} {count}")
    lines += [
        "# HELP kiosk_app_last_successful_check_timestamp_seconds When the service last "
        "answered a check (Unix time; 0: never).",
        "# TYPE kiosk_app_last_successful_check_timestamp_seconds gauge",
    ]
    last = snapshot.last_answer_utc.timestamp() if snapshot.last_answer_utc else 0.0
    lines.append(
        f"kiosk_app_last_successful_check_timestamp_seconds{{{_labels(desk_id=desk)}}} {last:.3f}"
    )
    banners: dict[_LabelSet, int] = {
        (("title", t), ("colour", c)): n for (t, c), n in snapshot.banners.items()
    }
    ages: dict[_LabelSet, int] = {
        (("outcome", outcome),): n for outcome, n in snapshot.age_outcomes.items()
    }
    lines += _counter_family(
        "kiosk_app_shown_verdicts_total",
        "Checks by the banner the clerk was shown (title id and colour), from the compliance "
        "record.",
        desk,
        banners,
    )
    lines += _counter_family(
        "kiosk_app_age_outcomes_total",
        "Checks by minimum-age outcome (over, under, unknown), from the compliance record.",
        desk,
        ages,
    )
    lines += [
        "# HELP kiosk_app_compliance_record_failed Whether compliance record rows wait in "
        "memory because they cannot be written (1: a full disk) or not (0); absent: record off.",
        "# TYPE kiosk_app_compliance_record_failed gauge",
    ]
    if snapshot.record_failed is not None:
        lines.append(
            f"kiosk_app_compliance_record_failed{{{_labels(desk_id=desk)}}} "
            f"{1 if snapshot.record_failed else 0}"
        )
    lines += [
        "# HELP kiosk_app_input_up Whether each input (scanner, camera, folder) works (1) or "
        "not (0).",
        "# TYPE kiosk_app_input_up gauge",
    ]
    for name, working in sorted(snapshot.inputs.items()):
        labels = _labels(desk_id=desk, input=name)
        lines.append(f"kiosk_app_input_up{{{labels}}} {1 if working else 0}")
    return "\n".join(lines) + "\n"


def _counter_family(
    name: str, help_text: str, desk: str, counts: Mapping[_LabelSet, int]
) -> list[str]:
    """A counter's HELP, TYPE and one sample per label set (sorted)."""
    lines = [f"# HELP {name} {help_text}", f"# TYPE {name} counter"]
    for labels, count in sorted(counts.items()):
        lines.append(f"{name}{{{_labels(desk_id=desk, **dict(labels))}}} {count}")
    return lines


def _per_service(name: str, desk: str, rows: tuple[CountRow, ...], column: str) -> list[str]:
    """One sample of ``name`` per service: the sum of ``column`` over its rows."""
    totals: dict[str, int] = {}
    for row in rows:
        totals[row.service] = totals.get(row.service, 0) + int(getattr(row, column))
    return [
        f"{name}{{{_labels(desk_id=desk, service=service)}}} {count}"
        for service, count in sorted(totals.items())
    ]


def write_textfile(directory: Path, text: str) -> Path:
    """Write ``text`` as ``kiosk_app.prom`` in ``directory`` atomically (temp + rename)."""
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / METRICS_FILE_NAME
    # The collector ignores names not ending in .prom, so a leftover temp file is harmless.
    handle, temp = tempfile.mkstemp(prefix=".kiosk_app.", suffix=".tmp", dir=directory)
    try:
        # Bytes: the exposition format ends lines with "\n" only, and a text-mode file on
        # Windows would write "\r\n" (promtool and windows_exporter refuse "gauge\r").
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o644)  # node_exporter runs as its own user
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


def write_metrics(
    directory: Path,
    store: UsageStore | None,
    version: str,
    desk_id: str,
    inputs: Mapping[str, bool] | None = None,
    record: ComplianceRecord | None = None,
) -> Path:
    """Snapshot ``store`` (and ``record``'s counts) and write the file (call from a worker or
    a command, never the GUI thread: it reads the databases and writes the disk)."""
    snapshot = with_record(take_snapshot(store, version, desk_id, inputs), record)
    return write_textfile(directory, render(snapshot))


class _MetricsSettings(Protocol):
    metrics_dir: str
    desk_id: str
    compliance_record: bool


def write_metrics_quietly(
    settings: _MetricsSettings,
    store: UsageStore | None,
    inputs: Mapping[str, bool] | None = None,
    record: ComplianceRecord | None = None,
) -> Path | None:
    """:func:`write_metrics` into ``settings.metrics_dir`` when set; a failure is logged, never
    raised (metrics never stop a check). ``record``'s counts go in while the record is on."""
    if not settings.metrics_dir:
        return None
    from kiosk_app import __version__

    try:
        return write_metrics(
            Path(settings.metrics_dir),
            store,
            __version__,
            settings.desk_id,
            inputs,
            record if record is not None and settings.compliance_record else None,
        )
    except (OSError, UsageStoreError) as exc:
        _log.warning("metrics not written (%s)", type(exc).__name__)
        return None
