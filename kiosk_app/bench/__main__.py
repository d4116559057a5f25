"""``python -m kiosk_app.bench NAME [args]`` runs ``kiosk_app.bench.NAME.main(args)``."""

from __future__ import annotations

import importlib
import sys


def main(argv: list[str]) -> int:
    """Dispatch to one benchmark module."""
    if not argv or argv[0].startswith("-"):
        print(
            "usage: python -m kiosk_app.bench {decode|gui|camera|soak|isolation} [options]",
            file=sys.stderr,
        )
        return 2
    module = importlib.import_module(f"kiosk_app.bench.{argv[0]}")
    status: int = module.main(argv[1:])
    return status


raise SystemExit(main(sys.argv[1:]))
