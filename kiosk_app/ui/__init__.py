"""Widgets only: the main window, screens, theme. Talks to ``kiosk_app.app``, never to the API."""
