"""Embedded simulator of the verification service: a real HTTP server on loopback. No Qt."""
