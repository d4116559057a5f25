"""Where the kiosk keeps its files: platformdirs, overridable by environment variables.

``KIOSK_CONFIG_DIR``, ``KIOSK_DATA_DIR`` and ``KIOSK_LOG_DIR`` override the platform
directories (tests and support use them). Nothing here holds personal data.
"""

from __future__ import annotations

import os
from pathlib import Path

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
