"""`kiosk-app provision`: the token, keys and admin PIN from configuration management.

Run as the kiosk user. The secrets come from standard input or a file (never the command line,
which other users can read in the process list), as one JSON object (``watchlist_key``: the
organisation's watchlist key, at least 32 characters, the same on every desk)::

    {"api_token": "...", "auth_key": "...", "watchlist_key": "...", "admin_pin": "123456"}

Each member is optional, but at least one is needed. They are stored exactly as the admin
screen stores them (:mod:`kiosk_app.secrets`, :class:`kiosk_app.storage.pin.PinStore`). A value
already in place is not written again, so a second run prints ``unchanged``. One line is
printed, never a secret; exit 0 when done (or nothing to change), 2 when the input is refused.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from dataclasses import dataclass
from typing import Any, BinaryIO, Final

from kiosk_app import secrets
from kiosk_app.files import NOT_REGULAR, NotRegularFileError, read_regular_file
from kiosk_app.storage.pin import PinError, PinStore, validate_new_pin
from kiosk_app.storage.watchlist import WatchlistKeyError, check_key

# Three short secrets in JSON: anything bigger is not provisioning input (and is not read whole).
MAX_INPUT_BYTES: Final = 64 * 1024
# A token or key longer than this is not one (the admin screen's boxes take less).
MAX_SECRET_CHARS: Final = 4096
SECRET_MEMBERS: Final = ("api_token", "auth_key", "watchlist_key")
PIN_MEMBER: Final = "admin_pin"
WATCHLIST_MEMBER: Final = "watchlist_key"
EXIT_OK: Final = 0
EXIT_REFUSED: Final = 2


class ProvisionInputError(Exception):
    """The input is not usable; the message says why (never the secret)."""


@dataclass(frozen=True)
class ProvisionResult:
    """What a run changed and left as it was."""

    changed: tuple[str, ...]
    unchanged: tuple[str, ...]

    def line(self) -> str:
        """The one line printed."""
        if not self.changed:
            return f"provision: unchanged ({', '.join(self.unchanged)})"
        kept = f"; unchanged: {', '.join(self.unchanged)}" if self.unchanged else ""
        return f"provision: stored {', '.join(self.changed)}{kept}"


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add the ``provision`` command."""
    command = subparsers.add_parser(
        "provision",
        help="store the API token, auth key, watchlist key and admin PIN from stdin or a file",
        description=(
            "Reads one JSON object with any of api_token, auth_key, watchlist_key and admin_pin "
            "from standard "
            "input (or --from-file) and stores them as the admin screen does. Run as the kiosk "
            "user. Prints one line; exit 0 when stored or unchanged, 2 when refused."
        ),
    )
    command.add_argument(
        "--from-file",
        metavar="PATH",
        help="read the JSON from this file instead of standard input",
    )
    command.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Read the input, provision, print one line."""
    try:
        if args.from_file:
            values = parse_input(io.BytesIO(read_regular_file(args.from_file, MAX_INPUT_BYTES)))
        else:
            values = parse_input(sys.stdin.buffer)
        result = provision(values)
    except ProvisionInputError as exc:
        print(f"provision: refused: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except NotRegularFileError:
        print(f"provision: refused: --from-file is {NOT_REGULAR}", file=sys.stderr)
        return EXIT_REFUSED
    except OSError as exc:
        print(f"provision: refused: cannot read or store ({type(exc).__name__})", file=sys.stderr)
        return EXIT_REFUSED
    print(result.line())
    return EXIT_OK


def parse_input(stream: BinaryIO) -> dict[str, str]:
    """The members of the JSON object on ``stream`` (bounded; values never in a message)."""
    raw = stream.read(MAX_INPUT_BYTES + 1)
    if len(raw) > MAX_INPUT_BYTES:
        raise ProvisionInputError(f"the input is larger than {MAX_INPUT_BYTES} bytes")
    try:
        document = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        raise ProvisionInputError("the input is not a JSON object") from None
    if not isinstance(document, dict):
        raise ProvisionInputError("the input is not a JSON object")
    known = (*SECRET_MEMBERS, PIN_MEMBER)
    unknown = sorted(k for k in document if k not in known)
    if unknown:
        raise ProvisionInputError(f"unknown members (expected {', '.join(known)})")
    values: dict[str, str] = {}
    for key, value in document.items():
        if not isinstance(value, str) or not value.strip():
            raise ProvisionInputError(f"{key} must be a non-empty string")
        if len(value) > MAX_SECRET_CHARS or not value.isprintable():
            raise ProvisionInputError(f"{key} is not a plausible value")
        values[key] = value.strip()
    if not values:
        raise ProvisionInputError(f"nothing to store (give any of {', '.join(known)})")
    if WATCHLIST_MEMBER in values:
        try:
            check_key(values[WATCHLIST_MEMBER])
        except WatchlistKeyError as exc:
            raise ProvisionInputError(str(exc)) from None
    if PIN_MEMBER in values:
        try:
            validate_new_pin(values[PIN_MEMBER])
        except PinError as exc:
            raise ProvisionInputError(str(exc)) from None
    return values


def provision(
    values: dict[str, str], *, keyring_backend: Any = None, pin_store: PinStore | None = None
) -> ProvisionResult:
    """Store what differs from what is in place; ``keyring_backend``/``pin_store`` for tests."""
    changed: list[str] = []
    unchanged: list[str] = []
    stored = {
        "api_token": (secrets.get_api_token, secrets.set_api_token),
        "auth_key": (secrets.get_auth_key, secrets.set_auth_key),
        WATCHLIST_MEMBER: (secrets.get_watchlist_key, secrets.set_watchlist_key),
    }
    for key in SECRET_MEMBERS:
        if key not in values:
            continue
        get, put = stored[key]
        if get(keyring_backend) == values[key]:
            unchanged.append(key)
        else:
            put(values[key], keyring_backend)
            changed.append(key)
    if PIN_MEMBER in values:
        store = pin_store or PinStore(marker=secrets.AdminPinMarker(keyring_backend))
        if store.is_set() and store.verify(values[PIN_MEMBER]).accepted:
            unchanged.append(PIN_MEMBER)
        else:
            store.set_pin(values[PIN_MEMBER])
            changed.append(PIN_MEMBER)
    return ProvisionResult(tuple(changed), tuple(unchanged))
