"""Benchmarks that print figures: ``python -m kiosk_app.bench NAME`` (see ``dispatch``)."""
