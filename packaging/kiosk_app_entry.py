"""PyInstaller entry point of the bundle: the same command line as ``kiosk-app``."""

import multiprocessing

from kiosk_app.cli.main import entry

if __name__ == "__main__":
    # Pictures are decoded in a child process started with "spawn": in the bundle that child
    # is this executable again, and freeze_support() turns it into the decoder (it returns at
    # once in the kiosk itself).
    multiprocessing.freeze_support()
    raise SystemExit(entry())
