"""The section 2.3 check-response element every Check reply is made of, and its building blocks."""

from __future__ import annotations

import itertools
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

JsonObject = dict[str, Any]

MATCH_STRINGS = {0: "None", 1: "No Match", 2: "Partial Match", 3: "Match"}
NONE, NO_MATCH, PARTIAL_MATCH, MATCH = 0, 1, 2, 3


@dataclass(frozen=True)
class ServiceInfo:
    """The ``service`` member of an element; ``id`` lower-case as the service answers."""

    id: str
    name: str
    description: str
    status_strings: Mapping[int, str]

    def as_json(self) -> JsonObject:
        """The ``service`` object."""
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "isMultipleProfiles": False,
        }


CANADA = ServiceInfo(
    "58b76696-75e2-466f-97a2-1b216ed40108",
    "Canadian DMV Verification",
    "Canadian Driver License Data Verification",
    {0: "Failed", 1: "Passed", 2: "Flagged", 3: "Undefined"},
)
SIGNATURE = ServiceInfo(
    "19862c3a-513f-4d48-ab36-fa583e8df90a",
    "DMV Digital Signature Verification",
    "Digital signature and revocation verification of a US driver license barcode",
    {0: "Failed", 1: "Passed", 3: "Undefined"},
)
SERVICES = {CANADA.id: CANADA, SIGNATURE.id: SIGNATURE}
UNDEFINED = 3


class RequestLog:
    """Hands out increasing ``requestLogId`` values (thread-safe)."""

    def __init__(self, first: int = 20_000_001) -> None:
        self._counter = itertools.count(first)
        self._lock = threading.Lock()

    def next_id(self) -> int:
        """The next request log id."""
        with self._lock:
            return next(self._counter)


def utc_timestamp(now: datetime | None = None) -> str:
    """ISO 8601 UTC with seven fractional digits and ``Z``, as the service writes it."""
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond:06d}0Z"


def trace_id() -> str:
    """A W3C trace-context style identifier like the vendor's example."""
    return f"00-{secrets.token_hex(16)}-{secrets.token_hex(8)}-00"


def field_result(
    field_name: str, caption: str, value: str, match: int, message: str | None = None
) -> JsonObject:
    """One element of a profile's ``data`` array (all members present)."""
    return {
        "fieldName": field_name,
        "caption": caption,
        "fieldType": "String",
        "value": value,
        "valueString": value,
        "matchStatusCode": match,
        "matchStatusString": MATCH_STRINGS[match],
        "message": message,
        "score": 0,
    }


def element(
    service: ServiceInfo,
    log: RequestLog,
    metadata: Mapping[str, Any],
    status_code: int,
    profiles: Sequence[JsonObject] | None,
    error_message: str | None = None,
) -> JsonObject:
    """A whole check-response element; ``error_message`` set means ``success: false``."""
    failed = error_message is not None
    return {
        "requestDetail": {"requestLogId": log.next_id(), "requestDateUtc": utc_timestamp()},
        "metadata": dict(metadata),
        "success": not failed,
        "error": {
            "message": error_message,
            "traceId": trace_id() if failed else None,
        },
        "service": service.as_json(),
        "location": {"locationId": None, "readOnlyAccessLocationIds": None},
        "serviceVerificationResult": {
            "statusCode": status_code,
            "statusString": service.status_strings.get(status_code, "Undefined"),
        },
        "profiles": None if failed else list(profiles or []),
    }


def error_element(
    service: ServiceInfo, log: RequestLog, metadata: Mapping[str, Any], message: str
) -> JsonObject:
    """The documented error element: ``success: false``, status 3 Undefined, profiles null."""
    return element(service, log, metadata, UNDEFINED, None, error_message=message)
