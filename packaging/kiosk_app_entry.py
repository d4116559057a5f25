"""PyInstaller entry point of the bundle: the same command line as ``kiosk-app``."""

from kiosk_app.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
