"""atheris harness for the picture path: only ``BarcodeError`` subclasses may escape.

Every input goes through ``grey_from_bytes`` (Pillow opening, size check, EXIF turn, mode
conversion); inputs that open are then decoded by a ``Scanner`` with a short budget.

Run (atheris is not a project dependency; install it into the venv first)::

    .venv/bin/pip install -e '.[fuzz]'
    .venv/bin/python -m tests.fuzz.seeds image /tmp/image-seeds
    .venv/bin/python tests/fuzz/fuzz_image.py /tmp/image-corpus /tmp/image-seeds \
        -max_total_time=600 -timeout=20 -rss_limit_mb=2048 -max_len=262144

A crash, a timeout (20 s per input) or an out-of-memory (2 GB) is a finding.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import atheris

with atheris.instrument_imports():
    from kiosk_app.barcode import imaging  # noqa: F401
    from kiosk_app.barcode.decode import Scanner
    from kiosk_app.barcode.errors import BarcodeError
    from kiosk_app.barcode.imaging import grey_from_bytes

_SCANNER = Scanner(budget_s=0.2)


def test_one_input(data: bytes) -> None:
    """Open ``data`` as a picture and, when it opens, look for a licence barcode in it."""
    try:
        grey = grey_from_bytes(data)
        _SCANNER.decode_grey(grey)
    except BarcodeError:
        return


def main() -> None:
    """Hand the harness to libFuzzer (arguments are libFuzzer's)."""
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
