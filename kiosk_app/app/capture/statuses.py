"""Status sentences of the capture sources that carry a name (port, folder, file), marked for
translation.

A source hands a status made from one of these templates over as a
:class:`~kiosk_app.text.Message` (``Message(SERIAL_READY, port=name)``): the UI translates
the template and fills in the ``{placeholders}`` after translation, so a language switch
retranslates a status already shown. Names of ports, folders and files are shown as they are;
a value that is a sentence itself is a nested ``Message`` (``Message(NO_EXTENSION)``).
"""

from __future__ import annotations

from kiosk_app.text import QT_TRANSLATE_NOOP

# --- camera ----------------------------------------------------------------------------------
VIDEO_NOT_FOUND = QT_TRANSLATE_NOOP("messages", "Demo video not found: {path}")
VIDEO_PLAYING = QT_TRANSLATE_NOOP("messages", "Playing the demo video {name}")
VIDEO_FAILED = QT_TRANSLATE_NOOP("messages", "Demo video cannot be played: {error}")

# --- serial scanner --------------------------------------------------------------------------
NO_PORT = QT_TRANSLATE_NOOP("messages", "No port set in the admin settings")
TERMINATOR_NOT_UNDERSTOOD = QT_TRANSLATE_NOOP(
    "messages", "terminator setting not understood: idle gap only"
)
SERIAL_READY = QT_TRANSLATE_NOOP("messages", "Ready on {port}")
SERIAL_READY_NOTE = QT_TRANSLATE_NOOP("messages", "Ready on {port} ({problem})")
SERIAL_BUSY = QT_TRANSLATE_NOOP("messages", "{port} is busy or access is denied — retrying")
SERIAL_NOT_CONNECTED = QT_TRANSLATE_NOOP("messages", "Not connected ({port}) — waiting for it")
SERIAL_CANNOT_OPEN = QT_TRANSLATE_NOOP("messages", "{port} cannot be opened — retrying")
SERIAL_OVERFLOW = QT_TRANSLATE_NOOP(
    "messages",
    "Over {size} KB arrived without a break — discarded (check the baud rate and framing)",
)
SERIAL_DISCONNECTED = QT_TRANSLATE_NOOP("messages", "Disconnected ({port}) — reconnecting")

# --- watched folder --------------------------------------------------------------------------
FOLDER_WATCHING = QT_TRANSLATE_NOOP("messages", "Watching {folder}")
FOLDER_MISSING = QT_TRANSLATE_NOOP("messages", "Folder not found or not readable: {folder}")
FOLDER_IGNORED = QT_TRANSLATE_NOOP("messages", "Ignored {name}: not an image file")
FOLDER_READ = QT_TRANSLATE_NOOP("messages", "Read {name}")
FOLDER_TOO_LARGE = QT_TRANSLATE_NOOP("messages", "Could not read {name}: too large")
FOLDER_UNREADABLE = QT_TRANSLATE_NOOP("messages", "Could not read {name}: cannot be opened")
FOLDER_NOT_MOVED = QT_TRANSLATE_NOOP(
    "messages", "Read {name}, but could not move it — check the folder's permissions"
)
FOLDER_NOT_DELETED = QT_TRANSLATE_NOOP(
    "messages", "Read {name}, but could not delete it — check the folder's permissions"
)

# --- image files -----------------------------------------------------------------------------
FILE_NOT_IMAGE = QT_TRANSLATE_NOOP("messages", "Not an image file: {suffix}")
NO_EXTENSION = QT_TRANSLATE_NOOP("messages", "no extension")

STATUS_TEMPLATES: tuple[str, ...] = (
    VIDEO_NOT_FOUND,
    VIDEO_PLAYING,
    VIDEO_FAILED,
    SERIAL_READY,
    SERIAL_READY_NOTE,
    SERIAL_BUSY,
    SERIAL_NOT_CONNECTED,
    SERIAL_CANNOT_OPEN,
    SERIAL_OVERFLOW,
    SERIAL_DISCONNECTED,
    FOLDER_WATCHING,
    FOLDER_MISSING,
    FOLDER_IGNORED,
    FOLDER_READ,
    FOLDER_TOO_LARGE,
    FOLDER_UNREADABLE,
    FOLDER_NOT_MOVED,
    FOLDER_NOT_DELETED,
    FILE_NOT_IMAGE,
)
"""Every status template (the French test translates each one)."""
