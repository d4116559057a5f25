"""`kiosk-app self-test`: checks an installation offscreen, loopback only (see selftest_checks)."""

from __future__ import annotations

import argparse
from typing import Any


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add the ``self-test`` command."""
    command = subparsers.add_parser(
        "self-test",
        help="check this installation (offscreen, no network beyond loopback)",
        description=(
            "Checks that every module imports, resources and translations load, a bundled "
            "sample decodes (also in the limited picture process), the embedded simulator "
            "answers a signature and a Canadian check through the real client, the "
            "config/data/log directories are writable and secrets can be kept. Prints one "
            "line per check and 'self-test passed' last; exits non-zero "
            "naming what failed."
        ),
    )
    command.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document (passed, version, desk_id, checks) for monitoring",
    )
    command.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the default self-test and return its exit status."""
    from kiosk_app.cli.selftest_checks import ensure_offscreen, run_selftest

    ensure_offscreen()
    return run_selftest(as_json=bool(getattr(args, "json", False)))
