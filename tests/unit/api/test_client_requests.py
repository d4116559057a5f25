"""What the client puts on the wire, per endpoint, observed by a real loopback server."""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Callable

import pytest

from kiosk_app.api import constants
from kiosk_app.api.errors import ApiStatusError, InputRejectedError
from kiosk_app.api.models import CheckResponseElement
from kiosk_app.api.validation import CanadaCheckInput
from kiosk_app.barcode.symbol import SymbolInfo
from kiosk_app.kinds import Verdict
from tests.unit.api.conftest import AUTH_KEY, TOKEN, client_for
from tests.unit.api.fake_servers import ScriptedServer, always, http_reply
from tests.unit.api.reply_samples import (
    VENDOR_ERROR_ELEMENT,
    canada_element,
    dvs_reply,
    legacy_reply,
    signature_element,
)

Serve = Callable[..., ScriptedServer]
# Control characters (LF, RS, CR) and a latin-1 byte must reach trackString intact.
PAYLOAD = b"@\n\x1e\rANSI 636000090002DL00410278ZV03190008DLDAQT64235789\nDCS\xc9LOISE\r"
CANADA = CanadaCheckInput(
    licence_number=" 421450 ",
    date_of_birth="1989-12-24",
    province="pe",
    licence_class="1",
    metadata={"myOwnRequestId": "q-1"},
)


def test_canada_check_headers_and_body(serve: Serve) -> None:
    server = serve(always(http_reply(200, [canada_element()])))
    result = client_for(server.url).check_canada(CANADA)
    sent = server.requests[0]
    assert (sent.method, sent.path) == ("POST", constants.CHECK_PATH)
    assert sent.headers["content-type"] == "application/json"
    assert sent.headers["authorization"] == f"Bearer {TOKEN}"
    assert sent.headers["api-version"] == "4.0"
    assert sent.json() == {
        "dateOfBirths": "1989-12-24",
        "issuedBy": "PE",
        "services": [constants.CANADA_SERVICE_ID],
        "driverLicenseNumber": "421450",
        "driverLicenseClass": "1",
        "metadata": {"myOwnRequestId": "q-1"},
    }
    assert result.request == sent.json()
    assert result.outcome.verdict is Verdict.PASSED
    assert result.outcome.licence_message == "Driver's license is valid"
    assert isinstance(result.results[0], CheckResponseElement)


def test_canada_check_without_class_omits_it(serve: Serve) -> None:
    server = serve(always(http_reply(200, [canada_element()])))
    client_for(server.url).check_canada(
        CanadaCheckInput(licence_number="421450", date_of_birth="1989-12-24", province="PE")
    )
    body = server.requests[0].json()
    assert "driverLicenseClass" not in body
    assert body["services"] == [constants.CANADA_SERVICE_ID]


def test_signature_track_string_is_byte_exact(serve: Serve) -> None:
    server = serve(always(http_reply(200, [signature_element()])))
    result = client_for(server.url).check_signature(PAYLOAD)
    body = server.requests[0].json()
    assert body == {
        "services": [constants.SIGNATURE_SERVICE_ID],
        "trackString": PAYLOAD.decode("latin-1"),
    }
    assert body["trackString"].encode("latin-1") == PAYLOAD
    assert server.requests[0].headers["api-version"] == "4.0"
    assert result.outcome.signature_valid is True
    assert result.outcome.revoked is False


def test_dvs_headers_and_body(serve: Serve) -> None:
    server = serve(always(http_reply(200, dvs_reply())))
    symbol = SymbolInfo(error_correction_level="5", rows=20, columns=6)
    result = client_for(server.url).dvs_parse(PAYLOAD, symbol=symbol, back_image=b"\xff\xd8jpeg")
    sent = server.requests[0]
    assert sent.path == constants.DVS_VERIFY_PATH
    assert sent.headers["content-type"] == "text/json"
    assert sent.headers["authorization"] == f"Bearer {TOKEN}"
    body = sent.json()
    assert base64.b64decode(body["trackString"]["data"]) == PAYLOAD
    params = json.loads(base64.b64decode(body["trackString"]["barcodeParams"]))
    assert params["rows"] == 20
    assert body["overriddenSettings"] == {
        "isOCREnabled": False,
        "isBackOrSecondImageProcessingEnabled": True,
        "isFaceMatchEnabled": False,
    }
    assert base64.b64decode(body["backOrSecondImageBase64"]) == b"\xff\xd8jpeg"
    assert body["documentType"] == 1
    assert body["frontImageBase64"] is None
    assert result.request["backOrSecondImageBase64"].startswith("<base64 image")
    assert result.outcome.verdict is Verdict.PASSED
    assert result.outcome.document["familyName"] == "SAMPLE"
    assert "address" not in result.outcome.document  # empty members are not shown


@pytest.mark.parametrize(
    ("method", "path", "member"),
    [
        ("legacy_parse", constants.LEGACY_PARSE_PATH, "text"),
        ("legacy_parse_image", constants.LEGACY_PARSE_IMAGE_PATH, "data"),
    ],
)
def test_legacy_headers_and_body(serve: Serve, method: str, path: str, member: str) -> None:
    server = serve(always(http_reply(200, legacy_reply())))
    result = getattr(client_for(server.url), method)(PAYLOAD)
    sent = server.requests[0]
    assert sent.path == path
    assert sent.headers["content-type"] == "text/json"
    assert sent.headers["cache-control"] == "no-cache"
    assert "authorization" not in sent.headers
    assert "authkey" not in sent.headers
    assert sent.json() == {"authKey": AUTH_KEY, member: base64.b64encode(PAYLOAD).decode()}
    assert result.request["authKey"] == "***"
    assert result.outcome.document["LicenseNumber"] == "D1234567"


def test_success_false_is_an_outcome_not_an_exception(serve: Serve) -> None:
    server = serve(always(http_reply(200, VENDOR_ERROR_ELEMENT)))
    outcome = client_for(server.url).check_canada(CANADA).outcome
    assert outcome.verdict is Verdict.UNDEFINED
    assert outcome.billable is False
    assert outcome.error is not None
    assert outcome.error.message == "Required field DriverLicenseNumber is empty"
    assert outcome.error.trace_id == "00-ad23a2b26a1832f69170f5c6c7f6b9e5-b52e28aaba15218c-00"
    assert outcome.request_log_id == 11111233


def test_reply_service_id_compared_case_insensitively(serve: Serve) -> None:
    other = signature_element(status=0)
    mine = canada_element(status=2, service_id=constants.CANADA_SERVICE_ID.lower())
    server = serve(always(http_reply(200, [other, mine])))
    outcome = client_for(server.url).check_canada(CANADA).outcome
    assert outcome.verdict is Verdict.FLAGGED


def test_reply_for_another_service_only_is_refused(serve: Serve) -> None:
    from kiosk_app.api.errors import BadReplyError

    server = serve(always(http_reply(200, [signature_element()])))
    with pytest.raises(BadReplyError):
        client_for(server.url).check_canada(CANADA)


def test_field_level_errors_with_status_200_are_shown(serve: Serve) -> None:
    body = {"errors": {"IssuedBy": ["Unknown province"]}}
    server = serve(always(http_reply(200, body)))
    outcome = client_for(server.url).check_canada(CANADA).outcome
    assert outcome.error is not None
    assert "IssuedBy: Unknown province" in outcome.error.message
    assert outcome.billable is False


@pytest.mark.parametrize(
    "bad",
    [
        CanadaCheckInput(licence_number="", date_of_birth="1989-12-24", province="PE"),
        CanadaCheckInput(licence_number="1", date_of_birth="1989-02-30", province="PE"),
        CanadaCheckInput(licence_number="1", date_of_birth="2999-01-01", province="PE"),
        CanadaCheckInput(licence_number="1", date_of_birth="24/12/1989", province="PE"),
        CanadaCheckInput(licence_number="1", date_of_birth="1989-12-24", province="WA"),
        CanadaCheckInput(
            licence_number="1", date_of_birth="1989-12-24", province="PE", licence_class="ABC"
        ),
    ],
)
def test_validation_sends_nothing(serve: Serve, bad: CanadaCheckInput) -> None:
    server = serve(always(http_reply(200, [canada_element()])))
    with pytest.raises(InputRejectedError):
        client_for(server.url).check_canada(bad)
    assert server.connections == 0


@pytest.mark.parametrize("payload", [b"", b"  \n "])
def test_empty_barcode_sends_nothing(serve: Serve, payload: bytes) -> None:
    server = serve(always(http_reply(200, [signature_element()])))
    client = client_for(server.url)
    for call in (client.check_signature, client.dvs_parse, client.legacy_parse):
        with pytest.raises(InputRejectedError):
            call(payload)
    with pytest.raises(InputRejectedError):
        client.legacy_parse_image(b"")
    assert server.connections == 0


def test_one_session_reused_for_every_call(serve: Serve) -> None:
    import requests

    server = serve(always(http_reply(200, [signature_element()])))
    session = requests.Session()
    opened: list[str] = []
    original = session.request

    def spy(method: str, url: str, **kwargs: object) -> requests.Response:
        opened.append(url)
        return original(method, url, **kwargs)  # type: ignore[arg-type]

    session.request = spy  # type: ignore[assignment, method-assign]
    client = client_for(server.url, session=session)
    client.check_signature(PAYLOAD)
    client.check_signature(PAYLOAD)
    assert len(opened) == 2


def test_token_never_reaches_logs_or_errors(serve: Serve, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    echo = http_reply(
        401, f"<html><title>bad token {TOKEN}</title></html>", content_type="text/html"
    )
    server = serve(always(echo))
    client = client_for(server.url)
    with pytest.raises(ApiStatusError) as caught:
        client.check_signature(PAYLOAD)
    ok = serve(always(http_reply(200, [signature_element()])))
    client_for(ok.url).check_signature(PAYLOAD)
    assert caplog.records, "the client logs its calls"
    assert TOKEN not in caplog.text
    assert AUTH_KEY not in caplog.text
    assert TOKEN not in repr(client)
    assert TOKEN not in str(caught.value) + repr(caught.value.args)
    assert TOKEN not in "".join(str(r.args) for r in caplog.records)


def test_test_connection_is_an_unbillable_probe(serve: Serve) -> None:
    server = serve(always(http_reply(200, VENDOR_ERROR_ELEMENT)))
    message = client_for(server.url).test_connection()
    assert message.startswith("Connected")
    body = server.requests[0].json()
    assert body["services"] == [constants.CANADA_SERVICE_ID]
    assert body["driverLicenseNumber"] == ""


def test_test_mode_follows_the_token(serve: Serve) -> None:
    server = serve(always(http_reply(200, [signature_element()])))
    assert client_for(server.url, token="test").check_signature(PAYLOAD).outcome.test_mode
    assert not client_for(server.url).check_signature(PAYLOAD).outcome.test_mode
