"""Fault injection: what goes wrong with every reply, chosen by tests or the command line."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Faults:
    """Faults applied to every request the simulator receives (all off by default).

    They are applied in this order once the request has been read: ``latency_s`` (a delay
    before anything is answered), then the first that is set of ``drop_connection`` (close the
    socket without a reply), ``http_status`` (that status with a JSON ``ApiError`` body, or an
    HTML page when ``html_error`` is also set), ``html_error`` alone (HTTP 502 with an HTML page,
    like a proxy in front of the service), ``malformed_json`` (HTTP 200, a body that is not
    JSON), ``truncated_json`` (HTTP 200, the real reply cut in half, Content-Length of the cut
    body) and ``oversized_reply`` (HTTP 200, valid JSON of about 5 MiB, above the client's
    4 MiB limit).
    """

    latency_s: float = 0.0
    http_status: int | None = None
    malformed_json: bool = False
    truncated_json: bool = False
    drop_connection: bool = False
    html_error: bool = False
    oversized_reply: bool = False

    def __post_init__(self) -> None:
        if self.latency_s < 0:
            raise ValueError("latency_s must not be negative")
        if self.http_status is not None and not 100 <= self.http_status <= 599:
            raise ValueError("http_status must be an HTTP status code (100-599)")
