"""`kiosk-app simulator`: run the embedded verification-service simulator in the foreground."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from types import FrameType
from typing import Any

from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.server import start_simulator

EXIT_OK = 0
EXIT_INPUT_REJECTED = 2
MAX_PORT = 65535


def port_number(text: str) -> int:
    """``--port``'s value: 0 (any free port) to 65535, else a usage error (exit 2)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= MAX_PORT:
        raise argparse.ArgumentTypeError(f"the port must be 0 to {MAX_PORT}, not {port}")
    return port


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add ``simulator`` to the parser."""
    command = subparsers.add_parser(
        "simulator",
        help="run the verification-service simulator on 127.0.0.1 (test token: test)",
        description="Serve the four endpoints of the verification service on loopback. "
        "The first line printed is the base URL. Stops on Ctrl+C or SIGTERM.",
    )
    command.add_argument(
        "--port", type=port_number, default=0, help="port to listen on (0: a free one)"
    )
    command.add_argument(
        "--latency", type=float, default=0.0, metavar="S", help="delay every reply by S seconds"
    )
    command.add_argument(
        "--fail-status",
        type=int,
        default=None,
        metavar="STATUS",
        help="answer every request with this HTTP status (e.g. 500, 503)",
    )
    command.add_argument(
        "--malformed-json",
        action="store_true",
        help="answer every request with a body that is not JSON",
    )
    command.add_argument(
        "--drop-connection", action="store_true", help="close every connection without answering"
    )
    command.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the simulator, print its base URL, wait for Ctrl+C or SIGTERM, stop it."""
    try:
        faults = Faults(
            latency_s=args.latency,
            http_status=args.fail_status,
            malformed_json=args.malformed_json,
            drop_connection=args.drop_connection,
        )
    except ValueError as exc:
        print(f"kiosk-app simulator: {exc}", file=sys.stderr)
        return EXIT_INPUT_REJECTED
    finished = threading.Event()

    def _on_signal(signum: int, frame: FrameType | None) -> None:
        finished.set()

    previous = signal.signal(signal.SIGTERM, _on_signal)
    try:
        handle = start_simulator(port=args.port, faults=faults)
    except OSError as exc:
        signal.signal(signal.SIGTERM, previous)
        reason = exc.strerror or "the port cannot be used"
        print(f"kiosk-app simulator: cannot listen on port {args.port}: {reason}", file=sys.stderr)
        return EXIT_INPUT_REJECTED
    try:
        print(handle.base_url, flush=True)
        while not finished.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        handle.stop()
        signal.signal(signal.SIGTERM, previous)
    return EXIT_OK
