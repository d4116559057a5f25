"""Entry point of ``kiosk-app``: builds the parser from the command modules and dispatches.

Each module in ``COMMAND_MODULES`` has ``register(parser, subparsers)`` which adds its
sub-commands and sets ``func`` (taking the parsed namespace, returning the exit status) as a
default. With no sub-command the GUI starts (``kiosk_app.cli.gui``). Only the module of the
command being run is imported (``COMMANDS``): the checks' module alone costs more than half a
second, which the kiosk's start does not pay.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence

COMMAND_MODULES = (
    "kiosk_app.cli.gui",
    "kiosk_app.cli.check",
    "kiosk_app.cli.barcode",
    "kiosk_app.cli.decode",
    "kiosk_app.cli.simulator",
    "kiosk_app.cli.selftest",
    "kiosk_app.cli.provision",
    "kiosk_app.cli.watchlist",
    "kiosk_app.cli.record",
)
# The GUI's module registers the top-level flags (and ``screenshots``): always loaded.
GUI_MODULE = "kiosk_app.cli.gui"
# The sub-commands of the other modules: only the module of the command being run is imported,
# so the kiosk's start (no command) pays for none of them.
COMMANDS = {
    "check": "kiosk_app.cli.check",
    "legacy-parse": "kiosk_app.cli.check",
    "parse": "kiosk_app.cli.barcode",
    "decode": "kiosk_app.cli.decode",
    "simulator": "kiosk_app.cli.simulator",
    "self-test": "kiosk_app.cli.selftest",
    "provision": "kiosk_app.cli.provision",
    "watchlist": "kiosk_app.cli.watchlist",
    "record": "kiosk_app.cli.record",
}

# Exit statuses shared by every command.
EXIT_OK = 0
EXIT_INPUT_REJECTED = 2
EXIT_SERVICE_FAILED = 3


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: the top-level flags and the sub-command ``argv`` names (all of
    them when ``argv`` is None, or asks for help without naming one)."""
    parser = _top_parser()
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES if argv is None else _modules_for(argv):
        importlib.import_module(name).register(parser, subparsers)
    return parser


def _top_parser(add_help: bool = True) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kiosk-app", description="Front-desk ID-check kiosk and its tools.", add_help=add_help
    )
    parser.add_argument(
        "--verbose", action="store_true", help="log DEBUG detail, and copy the log to stderr"
    )
    return parser


def _modules_for(argv: Sequence[str]) -> tuple[str, ...]:
    """The command modules ``argv`` needs, found by a first parse in which every other module's
    command is a bare name (nothing of theirs imported)."""
    probe = _top_parser(add_help=False)
    subparsers = probe.add_subparsers(dest="command", metavar="COMMAND")
    importlib.import_module(GUI_MODULE).register(probe, subparsers)
    for command in COMMANDS:
        subparsers.add_parser(command, add_help=False)
    known, _ = probe.parse_known_args(list(argv))
    module = COMMANDS.get(known.command or "")
    if module is not None:
        return (GUI_MODULE, module)
    if known.command is None and any(a in ("-h", "--help") for a in argv):
        return COMMAND_MODULES
    return (GUI_MODULE,)


def entry() -> int:
    """The ``kiosk-app`` program (console script, ``python -m kiosk_app``, the bundle): the
    process hardened first, before any customer data is in memory, then :func:`main`.

    Tests call :func:`main` in their own process, which must stay as it was."""
    from kiosk_app.hardening import forbid_core_dumps

    forbid_core_dumps()
    return main()


def log_to_file(verbose: bool) -> None:
    """Every command logs like the GUI: the same redacted rotating file (``KIOSK_LOG_DIR``
    overrides); one line on stderr when its folder cannot be written."""
    from kiosk_app.logging_setup import configure_logging

    try:
        configure_logging(verbose=verbose)
    except OSError:
        # An unwritable log folder must not stop the command (self-test reports it).
        print(
            "kiosk-app: the log folder cannot be written; not logging to a file.", file=sys.stderr
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen command; returns the exit status."""
    from kiosk_app.hardening import ignore_key_log_setting

    ignore_key_log_setting()  # the GUI and every command: no TLS key log, ever
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(arguments)
    args = parser.parse_args(arguments)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return EXIT_INPUT_REJECTED
    verbose = bool(getattr(args, "verbose", False))
    if args.command is None:
        # The GUI sets its log up once its first window is painted (kiosk_app.cli.gui); the
        # records logged until then are held, and written then.
        from kiosk_app.held_log import hold_records

        hold_records(logging.DEBUG if verbose else logging.INFO)
    else:
        log_to_file(verbose)
    try:
        status: int = func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``kiosk-app parse ... | head``): stop quietly, and point stdout
        # at the null device so the interpreter's final flush does not complain either.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    return status
