"""`kiosk-app record export`: the compliance record for a range of days, as CSV or JSON.

Run as the kiosk user (the record is in its data folder). The days are UTC calendar days, both
included (``--to`` defaults to ``--from``); the rows hold no personal data (see
:mod:`kiosk_app.storage.compliance` for the columns). The CSV's cells are safe to open in a
spreadsheet (a value that would start a formula is quoted). Exit 0 when written (a desk without
a record writes the header, or no rows, and says so on stderr), 2 when refused.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path
from typing import Any, Final

from kiosk_app.storage.compliance import (
    EXPORT_FORMATS,
    ComplianceRecord,
    RecordRow,
    RecordStoreError,
    day_range,
    default_db_path,
    write_rows,
)

EXIT_OK: Final = 0
EXIT_REFUSED: Final = 2
TO_STDOUT: Final = "-"


HELP: Final = "export the compliance record (what each check showed, never who)"
DESCRIPTION: Final = (
    "The compliance record on this desk: one row per check with the time, desk, check, banner, "
    "age and expiry outcomes, request log id and billable flag. Exit 0 when written, 2 when "
    "refused."
)
# The export's options: (flags, argparse keywords).
EXPORT_OPTIONS: Final[tuple[tuple[str, dict[str, Any]], ...]] = (
    ("--from", {"dest": "first", "required": True, "help": "first day, YYYY-MM-DD (UTC)"}),
    ("--to", {"dest": "last", "help": "last day, YYYY-MM-DD (UTC; default: --from)"}),
    ("--format", {"choices": EXPORT_FORMATS, "default": "csv"}),
    ("--output", {"default": TO_STDOUT, "help": "the file to write (default: standard output)"}),
)


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add the ``record`` command and its ``export`` action."""
    command = subparsers.add_parser("record", help=HELP, description=DESCRIPTION)
    actions = command.add_subparsers(dest="record_action", required=True)
    exporting = actions.add_parser("export", help="write the rows of a range of days")
    for flag, options in EXPORT_OPTIONS:
        exporting.add_argument(flag, **options)
    command.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Export the rows asked for."""
    try:
        first = date.fromisoformat(args.first)
        last = date.fromisoformat(args.last) if args.last else first
        start, end = day_range(first, last)
    except ValueError as exc:
        print(f"record: refused: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    path = default_db_path()
    rows: list[RecordRow] = []
    try:
        if path.exists():  # never create the file just to read it
            with ComplianceRecord(path) as record:
                rows = record.rows_between(start, end)
        else:
            print(f"record: no compliance record on this desk ({path})", file=sys.stderr)
        if args.output == TO_STDOUT:
            count = write_rows(sys.stdout, rows, args.format, start, end)
        else:
            with Path(args.output).open("w", encoding="utf-8", newline="") as out:
                count = write_rows(out, rows, args.format, start, end)
    except (RecordStoreError, OSError) as exc:
        print(f"record: refused: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    print(f"record: {count} rows", file=sys.stderr)
    return EXIT_OK
