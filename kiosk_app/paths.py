"""Where the kiosk keeps its files: platformdirs, overridable by environment variables.

``KIOSK_CONFIG_DIR``, ``KIOSK_DATA_DIR`` and ``KIOSK_LOG_DIR`` override the platform
directories (tests and support use them); ``KIOSK_MANAGED_FILE`` overrides the machine-wide
managed settings file (tests never read the real one). Nothing here holds personal data.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path, PureWindowsPath

import platformdirs

APP_NAME = "kiosk-app"
APP_AUTHOR = "kiosk"


def _dir(env_var: str, default: str) -> Path:
    override = os.environ.get(env_var)
    return Path(override) if override else Path(default)


def config_dir() -> Path:
    """Directory of ``settings.json`` (and the owner-only secrets fallback)."""
    return _dir("KIOSK_CONFIG_DIR", platformdirs.user_config_dir(APP_NAME, APP_AUTHOR))


def data_dir() -> Path:
    """Directory of the usage database."""
    return _dir("KIOSK_DATA_DIR", platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))


def log_dir() -> Path:
    """Directory of the rotating log files."""
    return _dir("KIOSK_LOG_DIR", platformdirs.user_log_dir(APP_NAME, APP_AUTHOR))


def settings_file() -> Path:
    """The settings file inside :func:`config_dir`."""
    return config_dir() / "settings.json"


def managed_file(platform: str = sys.platform, environ: Mapping[str, str] = os.environ) -> Path:
    """The machine-wide settings file the IT department writes (root/Administrators only).

    Linux and macOS: ``/etc/kiosk-app/managed.json``; Windows:
    ``%ProgramData%\\kiosk-app\\managed.json``. ``KIOSK_MANAGED_FILE`` replaces it.
    ``platform`` and ``environ`` are the running system's unless a test gives others.
    """
    override = environ.get("KIOSK_MANAGED_FILE")
    if override:
        return Path(override)
    if platform == "win32":
        program_data = environ.get("PROGRAMDATA") or r"C:\ProgramData"
        return Path(str(PureWindowsPath(program_data, APP_NAME, "managed.json")))
    return Path("/etc") / APP_NAME / "managed.json"


WATCHLIST_FILE_NAME = "watchlist.json"


def shared_watchlist_file() -> Path:
    """The fleet's shared watchlist, beside the managed settings file (read-only here)."""
    return managed_file().parent / WATCHLIST_FILE_NAME


def desk_watchlist_file() -> Path:
    """This desk's own watchlist entries and removals, in :func:`data_dir`."""
    return data_dir() / WATCHLIST_FILE_NAME
