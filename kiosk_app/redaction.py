"""Redaction: what is scrubbed from every log line, and the values registered to scrub.

:func:`redact` replaces

* values registered at run time: the API token and auth key (``persistent=True``, kept) and
  the current customer's values (dropped by :func:`forget_customer_values` on every wipe);
* patterns that look like personal data or secrets whoever logs them: AAMVA payloads and
  element fragments (``DAQ…``, ``DCS…``), dates, ``Bearer`` tokens, ``authKey`` values,
  personal-data JSON keys and long base64 runs (images).

Request log ids and trace ids written as ``request_log_id=…`` are kept: support needs them.
A bottom-layer module (standard library only): the secrets store, the session and the log
filter of :mod:`kiosk_app.logging_setup` all register and scrub through it.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterable
from datetime import date
from typing import Final

# Values shorter than this match only as whole words, so "LI" does not eat "CLIENT".
SUBSTRING_MIN_LENGTH: Final = 4
# Single characters (sex, a middle initial) would redact everything; they are not registered.
REGISTER_MIN_LENGTH: Final = 2

REDACTED: Final = "[redacted]"

# --- patterns redacted whoever logs them ---------------------------------------------------
# A whole AAMVA payload: from its compliance indicator (or ANSI header) to the end.
_PAYLOAD_START = re.compile(r"@(?:\r?\n|\r|\\[nr]|\x1e|\\x1e).*|(?:ANSI ?|AAMVA)\d{6}.*", re.DOTALL)
# AAMVA data elements are D + [A-D] + letter (DAQ id number, DCS surname, DBB birth date...),
# followed directly by the value; the value runs to the end of its line.
_AAMVA_ELEMENT = re.compile(r"(?<![A-Za-z0-9])D[A-D][A-Z](?=[A-Za-z0-9])[^\r\n\x1e\\'\"]*")
_DATE = re.compile(
    r"(?<![0-9])(?:"
    r"(?:19|20)\d{2}[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])"  # 1957-07-01
    r"|(?:0?[1-9]|[12]\d|3[01])[-/.](?:0?[1-9]|[12]\d|3[01])[-/.](?:19|20)\d{2}"  # 07/01/1957
    r"|(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"  # 19570701
    r"|(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:19|20)\d{2}"  # 07011957
    r")(?![0-9])"
)
_BEARER = re.compile(r"(?i)(bearer\s+)[^\s\"',;]+")
_AUTHORIZATION = re.compile(r"(?i)(authorization[\"']?\s*[:=]\s*[\"']?)[^\"'\r\n,}]+")
_KEYED_SECRET = re.compile(
    r"(?i)([\"']?(?:auth_?key|api_?token|access_?token|token|password|secret)[\"']?\s*[:=]\s*)"
    r"(\"[^\"]*\"|'[^']*'|[^\s,;&}\]]+)"
)
_KEYED_PERSONAL = re.compile(
    r"(?i)([\"']?(?:first_?name|last_?name|middle_?name|given_?names?|family_?name|surname|"
    r"full_?name|dob|date_?of_?birth|birth_?date|licen[cs]e_?number|document_?number|"
    r"id_?number|address|street|street_?line\d?|city|postal_?code|zip_?code|payload|"
    r"track_?data|barcode_?data|image)[\"']?\s*[:=]\s*)"
    r"(\"[^\"]*\"|'[^']*'|[^\s,;&}\]]+)"
)
_BASE64_BLOB = re.compile(r"data:image/[A-Za-z0-9.+-]+;base64,[A-Za-z0-9+/=]*|[A-Za-z0-9+/]{80,}=*")
# Identifiers support needs, kept verbatim even when they look like a date.
_KEPT_IDS = re.compile(
    r"(?i)((?:request_?log_?id|requestlogid|log_?id|trace_?id|traceid)[\"']?\s*[:=]\s*[\"']?"
    r"[A-Za-z0-9-]+)"
)

_PATTERNS: Final[tuple[tuple[re.Pattern[str], str], ...]] = (
    (_BASE64_BLOB, "[redacted-image]"),
    (_PAYLOAD_START, "[redacted-payload]"),
    (_BEARER, r"\1" + REDACTED),
    (_AUTHORIZATION, r"\1" + REDACTED),
    (_KEYED_SECRET, r"\1" + REDACTED),
    (_KEYED_PERSONAL, r"\1" + REDACTED),
    (_AAMVA_ELEMENT, "[redacted-aamva]"),
    (_DATE, "[redacted-date]"),
)


class SensitiveValues:
    """Exact values to scrub: kept secrets (token, key) and the current customer's values."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._persistent: set[str] = set()
        self._customer: set[str] = set()
        self._pattern: re.Pattern[str] | None = None

    def add(self, values: Iterable[str], *, persistent: bool = False) -> None:
        """Register values; too-short values are ignored (see ``REGISTER_MIN_LENGTH``)."""
        cleaned = {v.strip() for v in values if v and len(v.strip()) >= REGISTER_MIN_LENGTH}
        if not cleaned:
            return
        with self._lock:
            (self._persistent if persistent else self._customer).update(cleaned)
            self._pattern = None

    def forget_customer(self) -> None:
        """Drop every customer value (the wipe); kept secrets stay registered."""
        with self._lock:
            self._customer.clear()
            self._pattern = None

    def forget_all(self) -> None:
        """Drop everything, secrets included (tests, or the admin clearing the token)."""
        with self._lock:
            self._customer.clear()
            self._persistent.clear()
            self._pattern = None

    def customer_count(self) -> int:
        """How many customer values are registered (for the wipe tests)."""
        with self._lock:
            return len(self._customer)

    def scrub(self, text: str) -> str:
        """``text`` with every registered value replaced, case-insensitively."""
        pattern = self._compiled()
        return pattern.sub(REDACTED, text) if pattern else text

    def _compiled(self) -> re.Pattern[str] | None:
        with self._lock:
            if self._pattern is None and (self._persistent or self._customer):
                values = sorted(self._persistent | self._customer, key=len, reverse=True)
                self._pattern = re.compile("|".join(_value_regex(v) for v in values), re.I)
            return self._pattern


def _value_regex(value: str) -> str:
    escaped = re.escape(value)
    if len(value) >= SUBSTRING_MIN_LENGTH:
        return escaped
    return rf"(?<![A-Za-z0-9]){escaped}(?![A-Za-z0-9])"


SENSITIVE = SensitiveValues()


def register_sensitive(*values: str, persistent: bool = False) -> None:
    """Scrub these values from every log record until the next wipe (or for good)."""
    SENSITIVE.add(values, persistent=persistent)


def register_sensitive_date(value: date) -> None:
    """Scrub a customer's date (birth, expiry) in every common spelling until the wipe."""
    spellings = (
        "%m%d%Y",
        "%Y%m%d",
        "%Y-%m-%d",
        "%m/%d/%Y",
        "%d/%m/%Y",
        "%Y/%m/%d",
        "%d-%m-%Y",
        "%m-%d-%Y",
        "%d.%m.%Y",
    )
    SENSITIVE.add(value.strftime(s) for s in spellings)


def register_customer(
    *values: str, names: Iterable[str] = (), dates: Iterable[date | None] = ()
) -> None:
    """Register the current customer's values until the wipe: ``values`` as they are, each of
    ``names`` whole and word by word, each of ``dates`` (or ``YYYY-MM-DD`` text) in every
    common spelling."""
    register_sensitive(*values)
    for name in names:
        register_sensitive(name, *name.split())
    for day in dates:
        if day is not None:
            register_sensitive_date(day)


def register_typed_date(text: str) -> None:
    """A typed ``YYYY-MM-DD`` date in every spelling (the text itself: register it as a value)."""
    with contextlib.suppress(ValueError):
        register_sensitive_date(date.fromisoformat(text.strip()))


def forget_customer_values() -> None:
    """Drop the customer's registered values; call it on every wipe."""
    SENSITIVE.forget_customer()


def redact(text: str) -> str:
    """``text`` with registered values and personal-data patterns replaced."""
    text = SENSITIVE.scrub(text)
    # Split around kept identifiers so a request log id is never taken for a date.
    parts = _KEPT_IDS.split(text)
    return "".join(part if i % 2 else _redact_patterns(part) for i, part in enumerate(parts))


def _redact_patterns(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text
