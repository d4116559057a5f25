"""`kiosk-app parse FILE|- [--json]`: parse a raw AAMVA payload (bytes) from a file or stdin.

Exit 0 when parsed, 2 with the reason when the input cannot be read or is not licence data.
The reason names the problem, never the data. The JSON carries the local consistency checks
(``consistency``) and the missing key fields (``incomplete``); see :mod:`kiosk_app.cli.advice`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, BinaryIO

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.errors import BarcodeError
from kiosk_app.barcode.licence import LicenceRecord
from kiosk_app.cli.advice import Translate, add_language_option, licence_members, translator
from kiosk_app.cli.output import plain, plain_lines, safe_json
from kiosk_app.files import read_regular_file

EXIT_OK = 0
EXIT_INPUT_REJECTED = 2
_MAX_INPUT = 1024 * 1024


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add the ``parse`` command."""
    command = subparsers.add_parser(
        "parse",
        help="parse a raw AAMVA licence payload from a file or stdin",
        description="Parse the raw bytes of a licence barcode (AAMVA DL/ID) and print the fields.",
    )
    command.add_argument("file", help="file holding the payload bytes, or - for stdin")
    command.add_argument(
        "--json",
        action="store_true",
        help='print {"driverLicense", "derived", "elements", "consistency", "incomplete"} as JSON',
    )
    add_language_option(command)
    command.set_defaults(func=run_parse)


def _read_input(name: str, stdin: BinaryIO) -> bytes:
    if name == "-":
        return stdin.read(_MAX_INPUT + 1)
    return read_regular_file(name, _MAX_INPUT)


def summary_lines(record: LicenceRecord, translate: Translate | None = None) -> list[str]:
    """The short human summary ``parse`` prints without ``--json``."""
    derived = record.derived()
    issuer = record.jurisdiction or "unknown issuer"
    lines = [
        f"AAMVA version {record.version:02d} {record.document_type}, issued by {issuer}"
        f" ({record.country or 'unknown country'})",
        f"Name:           {record.full_name or '-'}",
        f"Licence number: {record.licence_number or '-'}",
    ]
    if record.date_of_birth:
        lines.append(f"Date of birth:  {record.date_of_birth.isoformat()} (age {derived.age})")
    else:
        lines.append("Date of birth:  -")
    if record.expiry_date:
        state = "EXPIRED" if derived.expired else f"valid, {derived.days_to_expiry} days left"
        lines.append(f"Expires:        {record.expiry_date.isoformat()} ({state})")
    else:
        lines.append("Expires:        -")
    flags = [f"under {n}" for n, flag in ((18, derived.under_18), (19, derived.under_19),
                                          (21, derived.under_21)) if flag]  # fmt: skip
    if flags:
        lines.append("Age flags:      " + ", ".join(flags))
    members = licence_members(record, translate)
    if members["incomplete"]:
        lines.append("Incomplete:     missing " + ", ".join(members["incomplete"]))
    warnings = members["consistency"]["warnings"]
    lines.append(
        f"Consistency:    {len(warnings)} unusual of {members['consistency']['checked']} checks"
    )
    lines.extend(f"  {w['code']}: {w['message']}" for w in warnings)
    return lines


def run_parse(args: argparse.Namespace) -> int:
    """Read, parse and print; returns the exit status."""
    try:
        payload = _read_input(args.file, sys.stdin.buffer)
    except OSError as exc:
        print(
            f"parse: cannot read {plain(args.file)}: {exc.strerror or 'read error'}",
            file=sys.stderr,
        )
        return EXIT_INPUT_REJECTED
    if len(payload) > _MAX_INPUT:
        print("parse: input rejected: far too large to be a licence barcode", file=sys.stderr)
        return EXIT_INPUT_REJECTED
    try:
        record = parse_aamva(payload)
    except BarcodeError as exc:
        print(f"parse: not parsed: {exc.hint}", file=sys.stderr)
        return EXIT_INPUT_REJECTED
    translate = translator(getattr(args, "language", None))
    if args.json:
        document = {**record.to_json(), **licence_members(record, translate)}
        print(safe_json(json.dumps(document, indent=2, ensure_ascii=False)))
    else:
        print(plain_lines(summary_lines(record, translate)))
    return EXIT_OK
