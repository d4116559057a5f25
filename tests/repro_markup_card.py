"""Reproduction of the worst hostile-card case against a real running kiosk.

A card whose PDF417 surname is ``<img src=/dev/zero>`` (the markup that made Qt read the device
until the process died) is dropped as a picture, under a file name that is markup too, into
the watched folder of a running ``kiosk-app --demo`` whose address space is limited to 4 GB
(``resource.setrlimit(RLIMIT_AS)`` in the child). Then an ordinary demo card follows. The
kiosk must still be running with both scans checked: two "check finished" lines in its log
and two rows in its usage database.

    python -m tests.repro_markup_card [WORKDIR]

prints what it saw and exits 0 when the kiosk survived. ``tests/gui/test_repro_markup_card.py``
runs it in the suite.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import zxingcpp
from PIL import Image

from kiosk_app.storage.usage import DB_FILE_NAME

ADDRESS_SPACE_BYTES: Final = 4 * 1024**3
WAIT_S: Final = 120.0
POLL_S: Final = 0.2
HOSTILE_SURNAME: Final = "<img src=/dev/zero>"
HOSTILE_FILE_NAME: Final = "<font color=green size=40>VERIFIED.png"
CHECK_DONE: Final = "check finished:"
SAMPLE: Final = (
    Path(__file__).resolve().parents[1] / "resources" / "samples" / "signature-valid.png"
)

# The child: the address-space limit first, then the kiosk exactly as a desk starts it.
CHILD: Final = """
import resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from kiosk_app.cli.main import main
sys.exit(main(["--demo"]))
"""


@dataclass(frozen=True)
class Evidence:
    """What the run showed."""

    alive: bool
    checks_logged: list[str]
    usage_rows: int
    exit_code: int | None


def markup_card_png(target: Path) -> None:
    """A made-up AAMVA card whose surname is markup, as a PDF417 picture."""
    elements = [
        "DAQ000000042",
        f"DCS{HOSTILE_SURNAME}",
        "DACJANE",
        "DBB01151990",
        "DBA01152030",
        "DAJVA",
    ]
    subfile = b"DL" + b"\n".join(e.encode("ascii") for e in elements) + b"\r"
    header = b"@\n\x1e\rANSI 636000100001" + b"DL" + f"{31:04d}{len(subfile):04d}".encode()
    symbol = zxingcpp.create_barcode(header + subfile, zxingcpp.BarcodeFormat.PDF417)
    pixels = np.asarray(symbol.to_image(scale=3, add_quiet_zones=True), dtype=np.uint8)
    Image.fromarray(pixels).save(target, format="PNG")


def drop(picture: Path, folder: Path, name: str) -> None:
    """Put a picture in the watched folder the way a scanner does: written, then renamed."""
    temporary = folder.parent / f".{name}.part"
    temporary.write_bytes(picture.read_bytes())
    temporary.rename(folder / name)


def checks_logged(log_dir: Path) -> list[str]:
    """The "check finished" lines of the kiosk's log."""
    log = log_dir / "kiosk-app.log"
    if not log.exists():
        return []
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return [line for line in lines if CHECK_DONE in line]


def usage_rows(data_dir: Path) -> int:
    """How many checks the usage database counted."""
    database = data_dir / DB_FILE_NAME
    if not database.exists():
        return 0
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM checks").fetchone()[0])


def wait_for(condition: object, process: subprocess.Popen[bytes], timeout_s: float) -> bool:
    """Poll ``condition`` until true, the kiosk exits, or the time runs out."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        if process.poll() is not None:
            return False
        time.sleep(POLL_S)
    return False


def run(workdir: Path, timeout_s: float = WAIT_S) -> Evidence:
    """Start the kiosk, drop the hostile card then an ordinary one, and report."""
    folders = {name: workdir / name for name in ("config", "data", "log", "scans", "cards")}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    hostile = folders["cards"] / "hostile.png"
    markup_card_png(hostile)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        "KIOSK_CONFIG_DIR": str(folders["config"]),
        "KIOSK_DATA_DIR": str(folders["data"]),
        "KIOSK_LOG_DIR": str(folders["log"]),
        "KIOSK_WATCH_FOLDER": str(folders["scans"]),
        "KIOSK_AUTO_CHECK_ON_SCAN": "true",
        "KIOSK_REPEAT_WINDOW_MIN": "0",
    }
    with (workdir / "kiosk.out").open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(ADDRESS_SPACE_BYTES)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=Path(__file__).resolve().parents[1],
        )
        try:
            # Running: the kiosk has opened its usage database (it logs nothing before a
            # check). A file already in the folder is read at the folder source's first look.
            database = folders["data"] / DB_FILE_NAME
            wait_for(database.exists, process, timeout_s)
            drop(hostile, folders["scans"], HOSTILE_FILE_NAME)
            wait_for(lambda: len(checks_logged(folders["log"])) >= 1, process, timeout_s)
            drop(SAMPLE, folders["scans"], "card-0002.png")
            wait_for(lambda: len(checks_logged(folders["log"])) >= 2, process, timeout_s)
            wait_for(lambda: usage_rows(folders["data"]) >= 2, process, 10.0)
            alive = process.poll() is None
            return Evidence(
                alive,
                checks_logged(folders["log"]),
                usage_rows(folders["data"]),
                process.poll(),
            )
        finally:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def main(argv: list[str] | None = None) -> int:
    """Run the reproduction in WORKDIR (a temporary folder by default); 0 if the kiosk lived."""
    args = sys.argv[1:] if argv is None else argv
    with tempfile.TemporaryDirectory(prefix="kiosk-repro-") as scratch:
        workdir = Path(args[0]) if args else Path(scratch)
        evidence = run(workdir)
        print(f"kiosk alive after both scans: {evidence.alive} (exit code {evidence.exit_code})")
        print(f"checks in the log: {len(evidence.checks_logged)}")
        for line in evidence.checks_logged:
            print(f"  {line}")
        print(f"checks in the usage database: {evidence.usage_rows}")
        survived = evidence.alive and len(evidence.checks_logged) >= 2
        return 0 if survived and evidence.usage_rows >= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
