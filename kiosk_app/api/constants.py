"""Every service identifier, timeout, retry and size limit of the client, named in one place."""

from __future__ import annotations

from typing import Final

# --- service identifiers (documented spelling; responses come back lower-case) ---
CANADA_SERVICE_ID: Final = "58B76696-75E2-466F-97A2-1B216ED40108"
SIGNATURE_SERVICE_ID: Final = "19862c3a-513f-4d48-ab36-fa583e8df90a"

API_VERSION_HEADER: Final = "api-version"
API_VERSION: Final = "4.0"

CHECK_PATH: Final = "/api/v4/Check"
DVS_VERIFY_PATH: Final = "/api/v4/verify"
LEGACY_PARSE_PATH: Final = "/DriverLicenseParserRest.svc/Parse"
LEGACY_PARSE_IMAGE_PATH: Final = "/DriverLicenseParserRest.svc/ParseImage"

# DVS documentType from the vendor's manual: 1 = ID (driver licence / ID card).
DVS_DOCUMENT_TYPE_ID: Final = 1
DVS_CAPTURE_METHOD: Final = "kiosk-barcode"
# The capture method of a picture sent for the service to read (no barcode data with it).
DVS_PICTURE_CAPTURE_METHOD: Final = "kiosk-picture"

# --- timeouts (seconds; connecting and reading: kiosk_app.timeouts) ---
# Hard ceiling for a whole reply to arrive, so a server trickling one byte a second ends too.
TOTAL_REPLY_DEADLINE_S: Final = 45.0

# --- retries: only failures to connect (the request never left) are retried ---
CONNECT_RETRIES: Final = 2
RETRY_BACKOFF_FACTOR_S: Final = 0.3

# --- reply limits ---
MAX_REPLY_BYTES: Final = 4 * 1024 * 1024
MAX_JSON_DEPTH: Final = 64
# A reply's JSON may hold at most this many objects/arrays and members/items (counted on the
# raw bytes before parsing): a 4 MiB reply of a million empty objects would otherwise cost
# ~200 MB and 30 s to parse and validate. Real replies hold a few hundred of each.
MAX_JSON_CONTAINERS: Final = 10_000
MAX_JSON_SEPARATORS: Final = 100_000
# Error pages are read for their message from at most this much of the body.
MAX_ERROR_BODY_SCAN_BYTES: Final = 64 * 1024
MAX_ERROR_TEXT_CHARS: Final = 300

# --- documented advice ---
CANADA_RETRY_AFTER_S: Final = 15 * 60

# --- tokens ---
# The documented public test token and the simulator's legacy key: not secrets.
TEST_TOKEN: Final = "test"  # noqa: S105
TEST_AUTH_KEY: Final = "test"
# Any run of this many characters of a secret (in any letter case) is redacted from text shown
# or printed: a service that echoes the token truncated or re-cased must not reveal it.
SECRET_RUN_REDACTED: Final = 12
# Secrets shorter than this are not scrubbed at all (they would mangle ordinary words).
MIN_SCRUBBED_SECRET: Final = 3
