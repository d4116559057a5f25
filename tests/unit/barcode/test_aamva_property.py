"""Whatever the bytes, the parser returns a record or raises one of its two typed errors.

The properties run against ``parse_aamva_strict`` (the parser without its last-resort safety
net), so a stray ``IndexError`` or ``ValueError`` anywhere in the parser fails them.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva, parse_aamva_strict
from kiosk_app.barcode.consistency import check_consistency
from kiosk_app.barcode.errors import NotAamvaError
from kiosk_app.barcode.licence import LicenceRecord
from tests.aamva_factory import DAMAGES, build_payload, damaged, sample_specs

_PAYLOADS = [build_payload(spec) for _, spec in sample_specs()]
_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_AAMVA_ALPHABET = b"@\n\r\x1e\x1c ANSI0123456789DLIDZCABQSTUVWXY,|"


def _parse_or_typed_error(data: bytes) -> LicenceRecord | None:
    try:
        record = parse_aamva_strict(data)
    except NotAamvaError:  # TruncatedPayloadError is a NotAamvaError
        return None
    # Every derived view, and the consistency checks, must work on whatever was parsed.
    record.to_json()
    record.canada_prefill()
    repr(record)
    report = check_consistency(record)
    report.to_json()
    assert set(report.codes()) <= set(report.applied)
    return record


@_SETTINGS
@given(st.binary(max_size=600))
def test_arbitrary_bytes_never_raise_anything_else(data: bytes) -> None:
    _parse_or_typed_error(data)
    looks_like_aamva(data)


@_SETTINGS
@given(st.lists(st.sampled_from(list(_AAMVA_ALPHABET)), max_size=400).map(bytes))
def test_aamva_looking_noise_never_raises_anything_else(data: bytes) -> None:
    _parse_or_typed_error(b"@\n\x1e\rANSI 636014100002DL0041" + data)


@_SETTINGS
@given(
    st.sampled_from(_PAYLOADS),
    st.integers(min_value=0, max_value=700),
    st.integers(min_value=0, max_value=60),
    st.binary(max_size=8),
)
def test_mutated_real_payloads_never_raise_anything_else(
    payload: bytes, at: int, cut: int, insert: bytes
) -> None:
    at = at % (len(payload) + 1)
    _parse_or_typed_error(payload[:at] + insert + payload[at + cut :])


@_SETTINGS
@given(st.sampled_from(_PAYLOADS), st.sampled_from(list(DAMAGES)), st.integers(0, 700))
def test_damaged_and_truncated_payloads_never_raise_anything_else(
    payload: bytes, damage: str, keep: int
) -> None:
    _parse_or_typed_error(damaged(payload, damage)[:keep])


def test_public_parser_wraps_unexpected_failures_in_a_typed_error() -> None:
    # Not bytes at all: still the typed error, never a TypeError.
    try:
        parse_aamva("@ANSI 636014" * 3)  # type: ignore[arg-type]
    except NotAamvaError as exc:
        assert "byte" in str(exc)
    else:  # pragma: no cover - the assertion is the point
        raise AssertionError("a str was accepted as a payload")
