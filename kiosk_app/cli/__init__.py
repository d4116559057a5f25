"""The ``kiosk-app`` command line: one argparse front, one module per command group."""
