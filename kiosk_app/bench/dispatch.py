"""``python -m kiosk_app.bench NAME [args]``: runs ``kiosk_app.bench.NAME.main(args)``.

Some benchmarks measure the process through Linux's ``/proc`` (memory, threads, open
descriptors); on another system they say so and end with :data:`EXIT_NOT_ON_THIS_SYSTEM`
before anything is imported or started, instead of failing half-way with a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import Final, TextIO

BENCHMARKS: Final = (
    "decode",
    "gui",
    "camera",
    "soak",
    "isolation",
    "hostile_result",
    "best_frame",
)
# Benchmark -> what it needs that only Linux has.
LINUX_ONLY: Final = {
    "camera": "it reads the process's memory from /proc",
    "soak": "it reads the process's memory, threads and open descriptors from /proc",
    "hostile_result": "it reads the process's memory from /proc",
}
EXIT_USAGE: Final = 2
EXIT_NOT_ON_THIS_SYSTEM: Final = 3


def not_here(name: str, platform: str | None = None) -> str | None:
    """Why benchmark ``name`` cannot run on ``platform`` (default: this one), or None."""
    why = LINUX_ONLY.get(name)
    if why is None or (platform or sys.platform).startswith("linux"):
        return None
    return f"the {name} benchmark runs on Linux only: {why}"


def main(argv: list[str], platform: str | None = None, err: TextIO | None = None) -> int:
    """Dispatch to one benchmark module; ``platform`` and ``err`` are this system's unless a
    test gives others."""
    stream = err if err is not None else sys.stderr
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: python -m kiosk_app.bench {{{'|'.join(BENCHMARKS)}}} [options]", file=stream)
        return EXIT_USAGE
    reason = not_here(argv[0], platform)
    if reason is not None:
        print(f"kiosk_app.bench: {reason}.", file=stream)
        return EXIT_NOT_ON_THIS_SYSTEM
    module = importlib.import_module(f"kiosk_app.bench.{argv[0]}")
    status: int = module.main(argv[1:])
    return status
