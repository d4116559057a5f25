"""Logging for the GUI and the command line: rotating files, and a filter that redacts.

``configure_logging()`` sends every ``logging`` record to ``kiosk-app.log`` in
:func:`kiosk_app.paths.log_dir` (``KIOSK_LOG_DIR`` overrides), rotated by size. Every record
passes :class:`RedactingFilter` first, which scrubs it with :func:`kiosk_app.redaction.redact`
(registered values, and patterns that look like personal data or secrets).
Redaction happens when a record is made (a wrapped LogRecord factory), so every handler,
even one added later by the GUI or a test, only ever sees redacted text.

Fleets: every record carries the desk id (``desk_id`` attribute, ``desk=`` in each
line; :func:`set_desk_id`). Under systemd (stderr is the journal stream systemd announces in
``JOURNAL_STREAM``, or ``KIOSK_LOG_JOURNAL=1``) the log also goes to stderr with the ``<N>``
priority prefixes journald reads (:class:`JournalFormatter`), through the same redacting
filter; the file log stays. On Windows ``KIOSK_LOG_EVENTLOG=1`` adds the Event Log handler.
"""

from __future__ import annotations

import importlib.util
import logging
import logging.handlers
import os
import socket
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from kiosk_app import paths
from kiosk_app.files import create_private_file
from kiosk_app.held_log import release_held_records
from kiosk_app.redaction import redact

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
    """Send all logging to the rotating, redacted log file; safe to call again. Records held
    until now (:mod:`kiosk_app.held_log`) then go to the handlers set up, even when the log
    folder cannot be written (then stderr shows their warnings and errors, and OSError is
    raised).

    ``verbose`` logs DEBUG and also writes to stderr. A second call replaces nothing unless
    the log directory changed, so handlers are never duplicated. The rotation sizes are
    arguments for tests; the defaults are the named constants above. ``platform``,
    ``environ`` (default ``os.environ``) and ``event_log`` decide the Windows Event Log
    handler: the running system's unless a test gives others.
    """
    with _configure_lock:
        try:
            _configure(verbose, max_bytes, backup_count, platform, environ, event_log)
        finally:
            release_held_records()


def _configure(
    verbose: bool,
    max_bytes: int,
    backup_count: int,
    platform: str,
    environ: Mapping[str, str] | None,
    event_log: EventLogFactory,
) -> None:
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
