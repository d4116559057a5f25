"""ID-check kiosk: reads the PDF417 barcode of a North American licence and verifies it."""

from __future__ import annotations

from functools import cache


def __getattr__(name: str) -> str:
    # ``kiosk_app.__version__`` is looked up on first use: reading the installed metadata costs
    # tens of milliseconds, which the kiosk's start does not pay.
    if name == "__version__":
        return _version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        # The version lives in one place, pyproject.toml; the installed metadata carries it
        # (the PyInstaller bundle ships that metadata too).
        return version("kiosk-app")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"
