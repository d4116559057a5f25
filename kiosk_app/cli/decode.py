"""``kiosk-app decode IMAGE... [--json]``: decode and parse the licence barcode in pictures.

Exit status 0 when every picture was read and parsed, 2 when any was not (reason printed).
The payload is the scanner's exact bytes shown as latin-1 text; in ``--json`` output control
characters appear as JSON escapes (``\\n``, ``\\u001e``, ``\\r``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from kiosk_app.barcode.decode import Scanner
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.barcode.isolation import IsolatedScanner
from kiosk_app.barcode.licence import LicenceRecord
from kiosk_app.barcode.payload import track_string
from kiosk_app.cli.advice import Translate, add_language_option, licence_members, translator
from kiosk_app.cli.main import EXIT_INPUT_REJECTED, EXIT_OK
from kiosk_app.cli.output import plain


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add ``decode`` to the parser."""
    command = subparsers.add_parser(
        "decode",
        help="decode and parse the licence barcode in image files",
        description="Read the PDF417 on the back of a licence from each picture and parse it.",
    )
    command.add_argument("images", nargs="+", metavar="IMAGE", help="PNG, JPEG, BMP, TIFF, WEBP")
    command.add_argument("--json", action="store_true", help="print a JSON array, one object each")
    add_language_option(command)
    command.set_defaults(func=run)


def run(args: argparse.Namespace, scanner: Scanner | IsolatedScanner | None = None) -> int:
    """Decode every picture named in ``args.images``; returns the exit status.

    Pictures are decoded in the kiosk's limited child process unless ``scanner`` is given.
    """
    reader = scanner or IsolatedScanner()
    translate = translator(getattr(args, "language", None))
    try:
        results = [decode_one(reader, name, translate) for name in args.images]
    finally:
        if isinstance(reader, IsolatedScanner):
            reader.close()
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for result in results:
            print(plain(_summary(result)))
    failed = [result for result in results if "error" in result]
    for result in failed:
        print(plain(f"{result['file']}: {result['error']['message']}"), file=sys.stderr)
    return EXIT_INPUT_REJECTED if failed else EXIT_OK


def decode_one(
    scanner: Scanner | IsolatedScanner, name: str, translate: Translate | None = None
) -> dict[str, Any]:
    """The JSON object for one picture: file, payload, elapsedMs, parse (with ``consistency``
    and ``incomplete`` beside it), or error."""
    started = time.perf_counter()
    result: dict[str, Any] = {"file": name}
    try:
        decoded = scanner.decode_file(name)
    except BarcodeError as exc:
        result["elapsedMs"] = _elapsed_ms(started)
        result["error"] = _error(exc)
        return result
    result["elapsedMs"] = _elapsed_ms(started)
    result["payload"] = track_string(decoded.payload)
    result["symbol"] = {
        "format": decoded.symbol.format,
        "errorCorrectionLevel": decoded.symbol.error_correction_level,
        "orientation": decoded.symbol.orientation_degrees,
        "corners": [list(corner) for corner in decoded.symbol.corners],
    }
    try:
        record = parse_licence(decoded.payload)
    except BarcodeError as exc:
        result["error"] = _error(exc)
        return result
    result["parse"] = record.to_json()
    result.update(licence_members(record, translate))
    return result


def parse_licence(payload: bytes) -> LicenceRecord:
    """The one place the decode command parses."""
    from kiosk_app.barcode.aamva import parse_aamva

    return parse_aamva(payload)


def _error(exc: BarcodeError) -> dict[str, str]:
    """An error as JSON: its kind and the hint a clerk can act on."""
    return {"type": type(exc).__name__, "message": exc.hint}


def _elapsed_ms(started: float) -> float:
    """Milliseconds since ``started`` (``time.perf_counter``), to 0.1 ms."""
    return round((time.perf_counter() - started) * 1000.0, 1)


def _summary(result: dict[str, Any]) -> str:
    """One line for a person: what was read and how long it took (no personal data)."""
    if "payload" not in result:
        return f"{result['file']}: not read ({result['elapsedMs']:.0f} ms)"
    size = len(result["payload"])
    status = "parsed" if "parse" in result else "read but not parsed"
    symbol = result["symbol"]
    return (
        f"{result['file']}: {status}, {size} bytes in {result['elapsedMs']:.0f} ms "
        f"({symbol['format']}, EC {symbol['errorCorrectionLevel']}, "
        f"orientation {symbol['orientation']}°)"
    )
