"""``python -m kiosk_app.bench NAME [args]`` (see :mod:`kiosk_app.bench.dispatch`)."""

import sys

from kiosk_app.bench.dispatch import main

raise SystemExit(main(sys.argv[1:]))
