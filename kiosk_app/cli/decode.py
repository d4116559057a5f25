"""`kiosk-app` commands: decode (placeholder until its issue lands)."""

from __future__ import annotations

import argparse
from typing import Any


def register(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add this module's commands to the parser."""
