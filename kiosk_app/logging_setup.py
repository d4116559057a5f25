"""Logging for the GUI and the command line: rotating files, and a filter that redacts.

``configure_logging()`` sends every ``logging`` record to ``kiosk-app.log`` in
:func:`kiosk_app.paths.log_dir` (``KIOSK_LOG_DIR`` overrides), rotated by size. Every record
passes :class:`RedactingFilter` first, which scrubs

* values registered at run time: the API token and auth key (``persistent=True``, kept) and
  the current customer's values (dropped by :func:`forget_customer_values` on every wipe);
* patterns that look like personal data or secrets whoever logs them: AAMVA payloads and
  element fragments (``DAQ…``, ``DCS…``), dates, ``Bearer`` tokens, ``authKey`` values,
  personal-data JSON keys and long base64 runs (images).

Request log ids and trace ids written as ``request_log_id=…`` are kept: support needs them.
Redaction happens when a record is made (a wrapped LogRecord factory), so every handler,
even one added later by the GUI or a test, only ever sees redacted text.

Fleets (issue 17): every record carries the desk id (``desk_id`` attribute, ``desk=`` in each
line; :func:`set_desk_id`). Under systemd (stderr is the journal stream systemd announces in
``JOURNAL_STREAM``, or ``KIOSK_LOG_JOURNAL=1``) the log also goes to stderr with the ``<N>``
priority prefixes journald reads (:class:`JournalFormatter`), through the same redacting
filter; the file log stays. On Windows ``KIOSK_LOG_EVENTLOG=1`` adds the Event Log handler.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import logging.handlers
import os
import re
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from pathlib import Path
from typing import Any, Final

from kiosk_app import paths
from kiosk_app.barcode.aamva import split_payload
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.barcode.wedge import split_at_element_ids
from kiosk_app.storage.files import create_private_file

LOG_FILE_NAME: Final = "kiosk-app.log"
LOG_MAX_BYTES: Final = 1024 * 1024
LOG_BACKUP_COUNT: Final = 5
# A rotation Windows refused (another process has the file open) is tried again after this.
ROTATION_RETRY_S: Final = 60.0
ROTATION_TRIAL_SUFFIX: Final = ".rotating"
LOG_FORMAT: Final = (
    "%(asctime)s %(levelname)s desk=%(desk_id)s %(name)s [%(threadName)s] %(message)s"
)
# The journal stamps its own time, priority and process; the line says the rest.
JOURNAL_FORMAT: Final = "%(levelname)s desk=%(desk_id)s %(name)s [%(threadName)s] %(message)s"
# "1" sends the log to stderr with journal prefixes even without JOURNAL_STREAM, "0" never.
JOURNAL_ENV: Final = "KIOSK_LOG_JOURNAL"
# "1" adds the Windows Event Log handler (needs pywin32 in the bundle).
EVENT_LOG_ENV: Final = "KIOSK_LOG_EVENTLOG"
EVENT_LOG_SOURCE: Final = "kiosk-app"
# Marks the Event Log handler the kiosk added (whatever factory made it).
_EVENT_LOG_MARK: Final = "_kiosk_event_log"
# sd-daemon(3) priorities for logging's levels, highest first: the first level at or below
# the record's gives its prefix (CRITICAL crit, ERROR err, WARNING warning, INFO info, DEBUG).
JOURNAL_PRIORITIES: Final[tuple[tuple[int, int], ...]] = (
    (logging.CRITICAL, 2),
    (logging.ERROR, 3),
    (logging.WARNING, 4),
    (logging.INFO, 6),
    (logging.NOTSET, 7),
)
# A desk id longer than this is cut (the managed setting has the same limit).
DESK_ID_MAX_CHARS: Final = 64
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


def payload_values(payload: bytes) -> tuple[str, ...]:
    """Every element value of an AAMVA payload, split the parser's own way, for registration.

    The parser's element split (:func:`kiosk_app.barcode.aamva.split_payload`); for a payload it
    cannot finish, the split at known element ids it uses for wedge-damaged data. A scan the
    parser read already carries its values (``LicenceRecord.elements``): use those instead.
    """
    try:
        elements = split_payload(payload).elements.values()
    except BarcodeError:
        return tuple(raw.decode("latin-1") for _, raw in split_at_element_ids(bytes(payload)))
    return tuple(elements)


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


class RedactingFilter(logging.Filter):
    """Rewrites each record's message, traceback and stack with :func:`redact`; drops none."""

    _formatter = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record`` in place (later handlers see the redacted text too)."""
        if getattr(record, "_kiosk_redacted", False):
            return True
        try:
            message = record.getMessage()
        except Exception:  # a broken format string must not leak its arguments either
            message = f"unformattable log message from {record.name}"
        record.msg = redact(message)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = self._formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        setattr(record, "_kiosk_redacted", True)  # noqa: B010  (LogRecord has no such field)
        return True


class _RedactingRecordFactory:
    """Wraps the LogRecord factory so records are redacted as they are made.

    Every handler then sees redacted text, including ones the kiosk did not add (a GUI log
    view, a test's capture handler). The handlers' own :class:`RedactingFilter` stays as a
    second line for records made before :func:`configure_logging` ran.
    """

    def __init__(self, previous: Callable[..., logging.LogRecord]) -> None:
        self.previous = previous
        self._filter = RedactingFilter()
        self._desk = DeskIdFilter()

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record = self.previous(*args, **kwargs)
        self._filter.filter(record)
        self._desk.filter(record)
        return record


def _install_record_factory() -> None:
    current = logging.getLogRecordFactory()
    if not isinstance(current, _RedactingRecordFactory):
        logging.setLogRecordFactory(_RedactingRecordFactory(current))


def _remove_record_factory() -> None:
    current = logging.getLogRecordFactory()
    if isinstance(current, _RedactingRecordFactory):
        logging.setLogRecordFactory(current.previous)


_desk_id: str | None = None


def desk_id() -> str:
    """This desk's name in every log record: the ``desk_id`` setting once
    :func:`set_desk_id` was given it, the host name until then."""
    return _desk_id or _plain_one_line(socket.gethostname()) or "kiosk"


def set_desk_id(value: str | None) -> None:
    """Use ``value`` (the ``desk_id`` setting) as the desk id; ``None`` or empty: the host name."""
    global _desk_id
    _desk_id = _plain_one_line(value or "") or None


def _plain_one_line(value: str) -> str:
    """``value`` without control or format characters (no forged lines), cut to the limit."""
    return "".join(c for c in value if c.isprintable()).strip()[:DESK_ID_MAX_CHARS]


class DeskIdFilter(logging.Filter):
    """Stamps ``record.desk_id`` (kept if the record already has one); drops none."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Add the desk id to ``record``."""
        if not hasattr(record, "desk_id"):
            setattr(record, "desk_id", desk_id())  # noqa: B010  (LogRecord has no such field)
        return True


def journal_priority(levelno: int) -> int:
    """The sd-daemon priority (0 emerg … 7 debug) for a ``logging`` level."""
    for level, priority in JOURNAL_PRIORITIES:
        if levelno >= level:
            return priority
    return JOURNAL_PRIORITIES[-1][1]


class JournalFormatter(logging.Formatter):
    """Formats a record for journald's stderr stream: ``<N>`` before every line.

    journald reads the prefix at the start of each line, so a traceback's lines keep the
    record's priority, and a message with a line break cannot forge a line of its own
    priority (its ``<0>`` becomes text after the real prefix).
    """

    def __init__(self) -> None:
        super().__init__(JOURNAL_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        """The record's lines, each with its ``<N>`` prefix."""
        prefix = f"<{journal_priority(record.levelno)}>"
        lines = super().format(record).splitlines() or [""]
        return "\n".join(prefix + line for line in lines)


def journal_wanted(stream: Any = None, environ: Any = None) -> bool:
    """Whether stderr goes to the journal: ``KIOSK_LOG_JOURNAL`` if set (``1``/``0``), else
    whether ``JOURNAL_STREAM`` (``device:inode``, set by systemd) names ``stream`` itself, as
    sd_journal_stream_fd(3) advises: a child whose stderr was redirected elsewhere inherits
    the variable but not the stream."""
    env = os.environ if environ is None else environ
    forced = env.get(JOURNAL_ENV, "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    device, _, inode = env.get("JOURNAL_STREAM", "").partition(":")
    if not (device.isdigit() and inode.isdigit()):
        return False
    try:
        status = os.fstat((sys.stderr if stream is None else stream).fileno())
    except (OSError, ValueError, AttributeError):  # closed, or no file behind it
        return False
    return (status.st_dev, status.st_ino) == (int(device), int(inode))


class _KioskJournalHandler(logging.StreamHandler):  # type: ignore[type-arg,unused-ignore]
    """stderr with journald's priority prefixes (systemd desks)."""


class KioskFileHandler(logging.handlers.RotatingFileHandler):
    """The kiosk's own file handler, so :func:`configure_logging` can find it again.

    Every file it opens (the first, and each new one after a rotation) is created owner-only
    first: the handler alone would use the umask's permissions.

    Windows refuses to rename a file that another process holds open, and two ``kiosk-app``
    processes share the log (the self-test run beside the kiosk). The standard rotation would
    then fail at every record, losing each record and one older log file per attempt. Here a
    rotation first checks that the file can be renamed (``rename``, ``os.rename`` unless a test
    gives another); when it cannot, the records go on into the current file and the rotation is
    tried again after ``ROTATION_RETRY_S`` on ``clock``.
    """

    def __init__(
        self,
        filename: Path,
        *,
        max_bytes: int,
        backup_count: int,
        rename: Callable[[str, str], None] = os.rename,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(filename, maxBytes=max_bytes, backupCount=backup_count, encoding="utf-8")
        self._rename = rename
        self._clock = clock
        self._next_rotation_try = 0.0

    def _open(self) -> Any:
        create_private_file(Path(self.baseFilename))
        return super()._open()

    def shouldRollover(self, record: logging.LogRecord) -> int:  # noqa: N802 (logging API)
        """As the standard handler, but never while a refused rotation waits for its retry."""
        if self._clock() < self._next_rotation_try:
            return 0
        return super().shouldRollover(record)

    def doRollover(self) -> None:  # noqa: N802 (logging API)
        """Rotate, or keep writing to the current file when it cannot be renamed now."""
        if self.stream:
            self.stream.close()
            self.stream = None
        trial = f"{self.baseFilename}{ROTATION_TRIAL_SUFFIX}"
        try:
            self._rename(self.baseFilename, trial)
        except FileNotFoundError:
            pass  # nothing to rotate; the standard rotation copes
        except OSError:
            self._next_rotation_try = self._clock() + ROTATION_RETRY_S
            self.stream = self._open()
            return
        else:
            self._rename(trial, self.baseFilename)
        super().doRollover()


class _KioskConsoleHandler(logging.StreamHandler):  # type: ignore[type-arg,unused-ignore]
    """The ``--verbose`` console handler."""


_configure_lock = threading.Lock()


def log_file() -> Path:
    """The current log file (rotated copies get ``.1`` … ``.5``)."""
    return paths.log_dir() / LOG_FILE_NAME


# Makes the Windows Event Log handler for a source name; None when it cannot (no pywin32).
EventLogFactory = Callable[[str], logging.Handler | None]


def nt_event_log_handler(source: str) -> logging.Handler | None:
    """Python's ``NTEventLogHandler`` for ``source`` (the Application log), or ``None`` without
    pywin32 (the handler itself would only print a notice and drop every record)."""
    if importlib.util.find_spec("win32evtlogutil") is None:
        return None
    return logging.handlers.NTEventLogHandler(source)


def configure_logging(
    verbose: bool = False,
    *,
    max_bytes: int = LOG_MAX_BYTES,
    backup_count: int = LOG_BACKUP_COUNT,
    platform: str = sys.platform,
    environ: Mapping[str, str] | None = None,
    event_log: EventLogFactory = nt_event_log_handler,
) -> None:
    """Send all logging to the rotating, redacted log file; safe to call again.

    ``verbose`` logs DEBUG and also writes to stderr. A second call replaces nothing unless
    the log directory changed, so handlers are never duplicated. The rotation sizes are
    arguments for tests; the defaults are the named constants above. ``platform``,
    ``environ`` (default ``os.environ``) and ``event_log`` decide the Windows Event Log
    handler: the running system's unless a test gives others.
    """
    with _configure_lock:
        root = logging.getLogger()
        target = log_file()
        _ensure_file_handler(root, target, max_bytes, backup_count)
        journal = journal_wanted()
        _ensure_journal_handler(root, journal)
        # Under systemd the journal handler is stderr already: no second copy of each line.
        _ensure_console_handler(root, verbose and not journal)
        env = os.environ if environ is None else environ
        wanted = platform == "win32" and env.get(EVENT_LOG_ENV, "").strip() == "1"
        _ensure_event_log_handler(root, wanted, event_log)
        _install_record_factory()
        root.setLevel(logging.DEBUG if verbose else logging.INFO)


def _ensure_file_handler(
    root: logging.Logger, target: Path, max_bytes: int, backup_count: int
) -> None:
    for handler in list(root.handlers):
        if isinstance(handler, KioskFileHandler):
            if Path(handler.baseFilename) == target.resolve():
                return
            root.removeHandler(handler)
            handler.close()
    create_private_file(target)  # folder 0700, file 0600 whatever the umask
    handler = KioskFileHandler(target, max_bytes=max_bytes, backup_count=backup_count)
    _prepare(handler)
    root.addHandler(handler)


def _ensure_console_handler(root: logging.Logger, verbose: bool) -> None:
    existing = [h for h in root.handlers if isinstance(h, _KioskConsoleHandler)]
    if verbose and not existing:
        handler = _KioskConsoleHandler(sys.stderr)
        _prepare(handler)
        root.addHandler(handler)
    elif not verbose:
        for handler in existing:
            root.removeHandler(handler)


def _ensure_journal_handler(root: logging.Logger, wanted: bool) -> None:
    existing = [h for h in root.handlers if isinstance(h, _KioskJournalHandler)]
    if wanted and not existing:
        handler = _KioskJournalHandler(sys.stderr)
        _prepare(handler)
        handler.setFormatter(JournalFormatter())
        root.addHandler(handler)
    elif not wanted:
        for handler in existing:
            root.removeHandler(handler)


def _ensure_event_log_handler(root: logging.Logger, wanted: bool, factory: EventLogFactory) -> None:
    """Windows, when ``KIOSK_LOG_EVENTLOG=1``: the Application log, source ``kiosk-app``, with
    the file's redaction, desk id and format. Without pywin32, or when Windows refuses the
    source, one warning and the file log carries on."""
    existing = [h for h in root.handlers if getattr(h, _EVENT_LOG_MARK, False)]
    if not wanted:
        for old in existing:
            root.removeHandler(old)
            old.close()
        return
    if existing:
        return
    try:
        handler = factory(EVENT_LOG_SOURCE)
    except Exception as exc:  # pywin32 raises its own error when the source cannot be added
        logging.getLogger(__name__).warning(
            "%s=1 but the Event Log cannot be opened (%s)", EVENT_LOG_ENV, type(exc).__name__
        )
        return
    if handler is None:
        logging.getLogger(__name__).warning("%s=1 but pywin32 is missing", EVENT_LOG_ENV)
        return
    _prepare(handler)
    setattr(handler, _EVENT_LOG_MARK, True)
    root.addHandler(handler)


def _prepare(handler: logging.Handler) -> None:
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(RedactingFilter())
    handler.addFilter(DeskIdFilter())


_KIOSK_HANDLERS: Final = (
    KioskFileHandler,
    _KioskConsoleHandler,
    _KioskJournalHandler,
)


def shutdown_logging() -> None:
    """Remove and close the kiosk's handlers (tests, and before deleting the log dir)."""
    with _configure_lock:
        root = logging.getLogger()
        for handler in list(root.handlers):
            if isinstance(handler, _KIOSK_HANDLERS) or getattr(handler, _EVENT_LOG_MARK, False):
                root.removeHandler(handler)
                handler.close()
        _remove_record_factory()
