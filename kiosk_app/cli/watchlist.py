"""`kiosk-app watchlist`: list the entries in force, remove one by id, merge list files.

Run as the kiosk user (its own list is in its data folder). ``list`` prints one line per entry
in force (id, reason, added, end, where it is kept, the admin's note): there is nothing else to
print, the list holds no names. ``remove ID`` takes an entry off the list as the admin screen
does. ``merge`` makes one list from the fleet's shared list and the desks' own (what the fleet
playbook does with Ansible, for fleets run another way). Exit 0 when done, 2 when refused.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path
from typing import Any, Final

from kiosk_app.flow.watchlist import Watchlist
from kiosk_app.storage.watchlist import WatchlistFileError, merge, read_list, write_list

EXIT_OK: Final = 0
EXIT_REFUSED: Final = 2
# The merged list is read by every desk's kiosk user: world-readable, like managed.json.
SHARED_MODE: Final = 0o644


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add the ``watchlist`` command and its actions."""
    command = subparsers.add_parser(
        "watchlist",
        help="list, remove or merge watchlist entries (keyed hashes, no names)",
        description=(
            "The organisation's watchlist on this desk: the fleet's shared list beside the "
            "managed settings file, and this desk's own entries. Exit 0 when done, 2 when "
            "refused."
        ),
    )
    actions = command.add_subparsers(dest="watchlist_action", required=True)
    actions.add_parser("list", help="print the entries in force")
    remove = actions.add_parser("remove", help="take an entry off the list by its id")
    remove.add_argument("entry_id", metavar="ID", help="the entry's id (wl-...)")
    merged = actions.add_parser("merge", help="merge list files into one (the fleet's)")
    merged.add_argument("files", nargs="+", type=Path, metavar="FILE", help="list files")
    merged.add_argument("--out", type=Path, required=True, help="the merged list's file")
    merged.add_argument(
        "--key-id", action="append", default=None, help="keep only entries under this key id"
    )
    command.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the chosen action."""
    action = args.watchlist_action
    try:
        if action == "merge":
            return _merge(args.files, args.out, args.key_id)
        watchlist = Watchlist.from_settings("")
        if action == "remove":
            return _remove(watchlist, args.entry_id)
        return _list(watchlist)
    except (WatchlistFileError, OSError) as exc:
        print(f"watchlist: refused: {exc}", file=sys.stderr)
        return EXIT_REFUSED


def _list(watchlist: Watchlist) -> int:
    listed = watchlist.listed()
    for item in listed:
        entry = item.entry
        until = entry.until.isoformat() if entry.until else "-"
        note = f"  {entry.note}" if entry.note else ""
        print(
            f"{entry.id}  {entry.reason.value:<15} added {entry.added.isoformat()}  "
            f"until {until:<10}  {item.source.value}{note}"
        )
    for name, problem in sorted(watchlist.problems.items()):
        print(f"watchlist: {name} list left out: {problem}", file=sys.stderr)
    print(f"watchlist: {len(listed)} entries in force", file=sys.stderr)
    return EXIT_OK


def _remove(watchlist: Watchlist, entry_id: str) -> int:
    if watchlist.remove(entry_id):
        print(f"watchlist: removed {entry_id.strip().lower()}")
        return EXIT_OK
    print(f"watchlist: refused: no entry {entry_id.strip()!r} in force", file=sys.stderr)
    return EXIT_REFUSED


def _merge(files: list[Path], out: Path, key_ids: list[str] | None) -> int:
    merged = merge([read_list(path) for path in files], date.today(), keys=key_ids)
    write_list(out, merged, mode=SHARED_MODE)
    print(f"watchlist: merged {len(files)} files: {len(merged.entries)} entries in force")
    return EXIT_OK
