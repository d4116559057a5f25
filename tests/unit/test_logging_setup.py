"""Logging: one rotating file for GUI and CLI, with personal data and secrets redacted."""

from __future__ import annotations

import base64
import json
import logging
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kiosk_app import logging_setup, paths, redaction
from kiosk_app.logging_setup import LOG_FILE_NAME, configure_logging
from kiosk_app.redaction import forget_customer_values, register_sensitive, register_sensitive_date

log = logging.getLogger("kiosk_app.tests.logging")
C0SHEA = "aamva/c0shea-IdParser"
JAY_MASON = "aamva/Jay-Mason-USDriversLicenseParser"


pytestmark = pytest.mark.usefixtures("clean_logging")


def log_text() -> str:
    """Everything in the current log file and its rotated copies."""
    for handler in logging.getLogger().handlers:
        handler.flush()
    return "".join(
        p.read_text(encoding="utf-8") for p in sorted(paths.log_dir().glob(LOG_FILE_NAME + "*"))
    )


def kiosk_handlers() -> list[logging.Handler]:
    return [h for h in logging.getLogger().handlers if type(h).__module__ == logging_setup.__name__]


def c0shea_customers(corpus_dir: Path) -> list[tuple[str, dict[str, Any]]]:
    entries = json.loads((corpus_dir / C0SHEA / "expected.json").read_text(encoding="utf-8"))
    return [(e["barcode_file"], e["expected"]) for e in entries if e["expected"]]


def personal_values(expected: dict[str, Any]) -> list[str]:
    """Names, id number, street and birth date (in the spellings a payload uses)."""
    name = expected.get("Name", {})
    address = expected.get("Address", {})
    values = [
        name.get("First"),
        name.get("Last"),
        expected.get("IdNumber"),
        address.get("StreetLine1"),
    ]
    dob = expected.get("DateOfBirth")
    if dob:
        born = date.fromisoformat(dob)
        values += [dob, born.strftime("%m%d%Y"), born.strftime("%Y%m%d")]
    return [v for v in values if v and len(v) >= 3]


def test_log_goes_to_the_log_dir_and_setup_is_idempotent() -> None:
    configure_logging()
    configure_logging()
    assert len(kiosk_handlers()) == 1
    log.info("kiosk started")
    assert (paths.log_dir() / LOG_FILE_NAME).exists()
    assert "kiosk started" in log_text()


def test_verbose_adds_stderr_and_debug_once(capsys: pytest.CaptureFixture[str]) -> None:
    configure_logging(verbose=True)
    configure_logging(verbose=True)
    assert len(kiosk_handlers()) == 2
    assert logging.getLogger().level == logging.DEBUG
    configure_logging()
    assert len(kiosk_handlers()) == 1
    assert logging.getLogger().level == logging.INFO


def test_a_new_log_dir_moves_the_handler(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    configure_logging()
    monkeypatch.setenv("KIOSK_LOG_DIR", str(tmp_path / "elsewhere"))
    configure_logging()
    assert len(kiosk_handlers()) == 1
    log.info("moved")
    assert "moved" in (tmp_path / "elsewhere" / LOG_FILE_NAME).read_text(encoding="utf-8")


def test_registered_customer_values_and_token_are_redacted_in_the_file() -> None:
    configure_logging()
    token = "tok_live_9f8e7d6c5b4a39281706"
    register_sensitive(token, persistent=True)
    register_sensitive("JANICE", "SAMPLE", "100000001", "123 NORTH STATE ST.")
    register_sensitive_date(date(1957, 7, 1))
    log.info("customer janice Sample, licence 100000001, lives at 123 north state st.")
    log.info("dob %s / %s / %s", "07011957", "1957/07/01", "01.07.1957")
    log.warning("call failed with token %s", token)
    try:
        raise RuntimeError("no match for SAMPLE 100000001")
    except RuntimeError:
        log.exception("check failed for JANICE")
    text = log_text()
    for value in (token, "JANICE", "SAMPLE", "100000001", "NORTH STATE", "1957", "07011957"):
        assert value.lower() not in text.lower()
    assert "RuntimeError" in text  # the traceback is kept, only the values go
    assert text.count("[redacted]") >= 8


def test_the_wipe_forgets_the_customer_but_not_the_token() -> None:
    register_sensitive("tok_live_9f8e7d6c5b4a", persistent=True)
    register_sensitive("MOTORIST", "123456780")
    assert redaction.SENSITIVE.customer_count() == 2
    forget_customer_values()
    assert redaction.SENSITIVE.customer_count() == 0
    assert redaction.redact("MOTORIST") == "MOTORIST"
    assert "tok_live" not in redaction.redact("token tok_live_9f8e7d6c5b4a sent")


def test_short_values_match_only_whole_words() -> None:
    register_sensitive("LI", "X")  # a two-letter surname; single letters are ignored
    assert redaction.redact("CLIENT LI ready X") == "CLIENT [redacted] ready X"


def test_every_c0shea_payload_is_redacted_without_registration(corpus_dir: Path) -> None:
    configure_logging()
    customers = c0shea_customers(corpus_dir)
    for name, _ in customers:
        payload = (corpus_dir / C0SHEA / name).read_text(encoding="utf-8", errors="replace")
        log.info("decoded payload: %s", payload)
        log.info("decoded payload repr: %r", payload)
        for line in payload.splitlines()[3:8]:  # fragments, as a careless message would log
            log.info("element %s", line.strip())
    text = log_text()
    leaked = [(name, v) for name, exp in customers for v in personal_values(exp) if v in text]
    assert leaked == []
    assert "[redacted-payload]" in text


def test_every_jay_mason_payload_is_redacted_without_registration(corpus_dir: Path) -> None:
    configure_logging()
    data = json.loads((corpus_dir / JAY_MASON / "expected.json").read_text(encoding="utf-8"))
    for stem in data["expected"]:
        payload = (corpus_dir / JAY_MASON / f"{stem}.txt").read_bytes().decode("latin-1")
        log.info("payload %s", payload)
    text = log_text()
    for values in data["expected"].values():
        for key in ("FirstName", "LastName", "LicenseId", "DateOfBirth", "AddressStreet"):
            if values.get(key):
                assert str(values[key]) not in text, (key, values[key])


@pytest.mark.parametrize(
    ("message", "secret"),
    [
        ("GET /x Authorization: Bearer eyJhbGciOi.J9.abc", "eyJhbGciOi"),
        ("headers {'Authorization': 'Bearer abcdef123'}", "abcdef123"),
        ("url https://h/DriverLicenseParserRest.svc/Parse?authKey=k3y-V4LUE&x=1", "k3y-V4LUE"),
        ('body {"authKey": "k3y-V4LUE", "data": 1}', "k3y-V4LUE"),
        ('reply {"firstName": "JANICE", "lastName": "SAMPLE"}', "JANICE"),
        ("born 1957-07-01", "1957-07-01"),
        ("born 07/01/1957", "07/01/1957"),
        ("born 19570701", "19570701"),
        ("track DAQ100000001 then", "100000001"),
        ("track DCSSAMPLE", "SAMPLE"),
        ("raw '@\\n\\x1e\\rANSI 636055030002DL00410453ZG04940140DLDCAC'", "636055"),
    ],
)
def test_patterns_are_redacted(message: str, secret: str) -> None:
    assert secret not in redaction.redact(message)


def test_image_base64_is_redacted(corpus_dir: Path) -> None:
    configure_logging()
    image = (corpus_dir / "images/zxing-cpp-pdf417/pdf417-1/01.png").read_bytes()
    blob = base64.b64encode(image).decode("ascii")
    log.info("uploading %s", blob)
    log.info("inline data:image/png;base64,%s", blob[:60])
    text = log_text()
    assert blob[:40] not in text
    assert blob[100:140] not in text
    assert "[redacted-image]" in text


def test_support_identifiers_and_ordinary_events_are_kept() -> None:
    message = (
        "check signature verdict=Passed request_log_id=10231990 trace_id=abc-123 "
        "took 412 ms status 200 attempt 2"
    )
    assert redaction.redact(message) == message


def test_unformattable_message_does_not_leak_its_arguments() -> None:
    configure_logging()
    log.info("two %s %s", "JANICE")  # wrong argument count
    text = log_text()
    assert "JANICE" not in text
    assert "unformattable log message" in text


def test_rotation_keeps_a_bounded_set_of_redacted_files() -> None:
    configure_logging(max_bytes=2000, backup_count=3)
    register_sensitive("SAMPLE")
    for i in range(400):
        log.info("event %d for SAMPLE with dob 1957-07-01", i)
    files = sorted(paths.log_dir().glob(LOG_FILE_NAME + "*"))
    assert [f.name for f in files] == [LOG_FILE_NAME] + [f"{LOG_FILE_NAME}.{i}" for i in (1, 2, 3)]
    assert all(f.stat().st_size <= 2000 for f in files)
    text = log_text()
    assert "event 399" in text
    assert "event 0 " not in text  # rotated out
    assert "SAMPLE" not in text
    assert "1957" not in text


def test_cli_and_gui_share_the_same_file() -> None:
    configure_logging()
    logging.getLogger("kiosk_app.cli").info("cli event")
    logging.getLogger("kiosk_app.ui").info("gui event")
    text = (paths.log_dir() / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "cli event" in text
    assert "gui event" in text


def test_stderr_output_is_redacted_too(capsys: pytest.CaptureFixture[str]) -> None:
    configure_logging(verbose=True)
    register_sensitive("MOTORIST")
    log.debug("debug for MOTORIST")
    sys.stderr.flush()
    err = capsys.readouterr().err
    assert "debug for [redacted]" in err
    assert "MOTORIST" not in err


def test_values_to_redact_are_the_parsers_elements_even_when_it_cannot_finish(
    corpus_dir: Path,
) -> None:
    from kiosk_app.barcode.aamva import element_values, split_payload

    payload = corpus_dir / "aamva" / "Jay-Mason-USDriversLicenseParser" / "californiaAamva08.txt"
    data = payload.read_bytes()
    values = element_values(data)
    assert values == tuple(split_payload(data).elements.values())
    number = split_payload(data).elements["DAQ"]
    # Header gone (not licence data for the parser): the values are still found.
    damaged = data[data.index(b"DAQ") :]
    assert any(number in value for value in element_values(damaged))
