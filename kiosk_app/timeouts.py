"""The service time limits' defaults: the client's own, and the settings' (the admin may change
them within the bounds of :class:`kiosk_app.config.Settings`)."""

from __future__ import annotations

from typing import Final

# Seconds to open a connection, and to wait for each piece of a reply.
CONNECT_TIMEOUT_S: Final = 5.0
READ_TIMEOUT_S: Final = 30.0
