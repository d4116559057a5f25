"""``python -m kiosk_app`` runs the same command line as ``kiosk-app``."""

from kiosk_app.cli.main import entry

raise SystemExit(entry())
