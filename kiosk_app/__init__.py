"""ID-check kiosk: reads the PDF417 barcode of a North American licence and verifies it."""

from importlib.metadata import PackageNotFoundError, version

try:
    # The version lives in one place, pyproject.toml; the installed metadata carries it (the
    # PyInstaller bundle ships that metadata too).
    __version__ = version("kiosk-app")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"
