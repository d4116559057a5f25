"""Qt glue without widgets: workers, the kiosk session, capture sources."""
