"""atheris harness for the AAMVA parser: only ``NotAamvaError`` (and its subclass) may escape.

Run (atheris is not a project dependency; install it into the venv first)::

    .venv/bin/pip install -e '.[fuzz]'
    .venv/bin/python -m tests.fuzz.seeds aamva /tmp/aamva-seeds
    .venv/bin/python tests/fuzz/fuzz_aamva.py /tmp/aamva-corpus /tmp/aamva-seeds \
        -max_total_time=600 -timeout=5 -rss_limit_mb=1024 -max_len=70000

Any other exception, an input taking over 5 s or the process passing 1 GB is a finding;
libFuzzer writes the input to ``crash-*``/``timeout-*``/``oom-*`` in the current directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import atheris

with atheris.instrument_imports():
    from kiosk_app.barcode import aamva, licence, wedge  # noqa: F401
    from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva_strict
    from kiosk_app.barcode.consistency import check_consistency
    from kiosk_app.barcode.errors import NotAamvaError


def test_one_input(data: bytes) -> None:
    """Parse ``data``; every derived view of a parsed record must work too."""
    looks_like_aamva(data)
    try:
        record = parse_aamva_strict(data)
    except NotAamvaError:
        return
    record.to_json()
    record.canada_prefill()
    repr(record)
    check_consistency(record).to_json()


def main() -> None:
    """Hand the harness to libFuzzer (arguments are libFuzzer's)."""
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
