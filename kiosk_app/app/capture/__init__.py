"""Capture sources: each emits a raw payload or an image for the session."""
