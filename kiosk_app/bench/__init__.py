"""Benchmarks that print figures: ``python -m kiosk_app.bench NAME`` (decode, gui, camera)."""
