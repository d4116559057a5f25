"""`kiosk-app check ...` and `kiosk-app legacy-parse` end to end against the simulator."""

from __future__ import annotations

import io
import json
import logging
import socket
import sys
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.api import constants
from kiosk_app.cli.main import main
from kiosk_app.simulator.samples import SAMPLES_BY_KEY, render_sample_png

SECRET = "cli-SECRET-9d8e7f"


def _conn(url: str, token: str = "test") -> list[str]:
    return [
        "--base-url",
        url,
        "--dvs-url",
        url,
        "--parse-url",
        url,
        "--token",
        token,
        "--auth-key",
        "test",
    ]


def _canada(key: str) -> list[str]:
    c = SAMPLES_BY_KEY[key].canada
    assert c is not None
    args = [
        "check",
        "canada",
        "--licence-number",
        c.licence_number,
        "--dob",
        c.date_of_birth,
        "--province",
        c.province,
    ]
    return [*args, "--class", c.licence_class] if c.licence_class else args


def _payload_file(tmp_path: Path, key: str) -> str:
    path = tmp_path / f"{key}.bin"
    path.write_bytes(SAMPLES_BY_KEY[key].payload)
    return str(path)


def _closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}"


def test_canada_json_shape(simulator: Any, capsys: pytest.CaptureFixture[str]) -> None:
    status = main([*_canada("canada-passed"), "--json", *_conn(simulator.base_url)])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert set(report) == {"request", "results", "verdict"}
    assert report["request"]["services"] == [constants.CANADA_SERVICE_ID]
    element = report["results"][0]
    assert element["serviceVerificationResult"]["statusCode"] == 1
    assert isinstance(element["profiles"][0]["serviceResponseRaw"], str)
    verdict = report["verdict"]
    assert {
        "service",
        "statusCode",
        "statusString",
        "billable",
        "retryAfterSeconds",
        "error",
        "fields",
    } <= set(verdict)
    assert (verdict["service"], verdict["statusCode"], verdict["statusString"]) == (
        "canada",
        1,
        "Passed",
    )
    assert verdict["billable"] is True
    assert verdict["error"] is None
    assert set(verdict["fields"][0]) == {
        "fieldName",
        "caption",
        "value",
        "matchStatusCode",
        "matchStatusString",
        "message",
    }


def test_canada_undefined_json(simulator: Any, capsys: pytest.CaptureFixture[str]) -> None:
    status = main([*_canada("canada-undefined"), "--json", *_conn(simulator.base_url)])
    verdict = json.loads(capsys.readouterr().out)["verdict"]
    assert status == 0
    assert (verdict["statusCode"], verdict["billable"], verdict["retryAfterSeconds"]) == (
        3,
        False,
        900,
    )


def test_success_false_exits_3_and_shows_message(
    simulator: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([*_canada("canada-error"), "--json", *_conn(simulator.base_url)])
    verdict = json.loads(capsys.readouterr().out)["verdict"]
    assert status == 3
    assert verdict["error"]["message"] and verdict["error"]["traceId"]


def test_rejected_input_exits_2_and_sends_nothing(
    fresh_simulator: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        [
            "check",
            "canada",
            "--licence-number",
            "1",
            "--dob",
            "1989-02-30",
            "--province",
            "ON",
            *_conn(fresh_simulator.base_url),
        ]
    )
    captured = capsys.readouterr()
    assert status == 2
    assert fresh_simulator.request_count == 0
    assert "does not exist" in captured.err
    assert "Traceback" not in captured.err


def test_signature_from_file_and_stdin(
    simulator: Any,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sample = SAMPLES_BY_KEY["signature-revoked"]
    path = _payload_file(tmp_path, "signature-revoked")
    assert (
        main(["check", "signature", "--barcode-file", path, "--json", *_conn(simulator.base_url)])
        == 0
    )
    from_file = json.loads(capsys.readouterr().out)
    assert from_file["request"]["trackString"].encode("latin-1") == sample.payload
    assert from_file["verdict"]["revoked"] is True
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(sample.payload)))
    assert (
        main(["check", "signature", "--barcode-file", "-", "--json", *_conn(simulator.base_url)])
        == 0
    )
    from_stdin = json.loads(capsys.readouterr().out)
    assert from_stdin["request"] == from_file["request"]


def test_human_summary(simulator: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _payload_file(tmp_path, "signature-tampered")
    assert main(["check", "signature", "--barcode-file", path, *_conn(simulator.base_url)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Digital signature check: Failed (status 0)")
    assert "Signature: NOT valid" in out
    assert "TEST TOKEN" in out


def test_dvs_parse_with_image(
    simulator: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = tmp_path / "back.png"
    image.write_bytes(render_sample_png(SAMPLES_BY_KEY["dvs-parse"]))
    status = main(
        [
            "check",
            "dvs-parse",
            "--barcode-file",
            _payload_file(tmp_path, "dvs-parse"),
            "--image",
            str(image),
            "--json",
            *_conn(simulator.base_url),
        ]
    )
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["verdict"]["statusString"] == "Passed"
    assert report["results"]["document"]
    assert report["request"]["backOrSecondImageBase64"].startswith("<base64 image")


@pytest.mark.parametrize("source", ["--barcode-file", "--image"])
def test_legacy_parse(
    simulator: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str
) -> None:
    if source == "--image":
        path = tmp_path / "back.png"
        path.write_bytes(render_sample_png(SAMPLES_BY_KEY["dvs-parse"]))
        target = str(path)
    else:
        target = _payload_file(tmp_path, "dvs-parse")
    status = main(["legacy-parse", source, target, "--json", *_conn(simulator.base_url)])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["request"]["authKey"] == "***"
    assert report["results"]["DriverLicense"]["LastName"]


def test_legacy_parse_needs_exactly_one_source(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["legacy-parse"])
    assert caught.value.code == 2


def test_environment_used_and_flags_win(
    simulator: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _payload_file(tmp_path, "signature-valid")
    monkeypatch.setenv("KIOSK_BASE_URL", simulator.base_url)
    monkeypatch.setenv("KIOSK_API_TOKEN", "test")
    assert main(["check", "signature", "--barcode-file", path]) == 0
    monkeypatch.setenv("KIOSK_BASE_URL", _closed_port_url())
    assert main(["check", "signature", "--barcode-file", path]) == 3
    assert (
        main(["check", "signature", "--barcode-file", path, "--base-url", simulator.base_url]) == 0
    )
    capsys.readouterr()


def test_network_failure_exits_3_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _payload_file(tmp_path, "signature-valid")
    status = main(["check", "signature", "--barcode-file", path, *_conn(_closed_port_url())])
    err = capsys.readouterr().err
    assert status == 3
    assert err.startswith("Failed: ")
    assert "Traceback" not in err


def test_missing_file_is_rejected_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["check", "signature", "--barcode-file", "/no/such/file", *_conn("http://127.0.0.1:9")]
        )
        == 2
    )
    assert "Not sent" in capsys.readouterr().err


def test_plain_http_off_loopback_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _payload_file(tmp_path, "signature-valid")
    status = main(
        ["check", "signature", "--barcode-file", path, *_conn("http://verify.example.org")]
    )
    assert status == 3
    assert "https" in capsys.readouterr().err


def test_token_never_printed_or_logged(
    simulator: Any,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    caplog.set_level(logging.DEBUG)
    path = _payload_file(tmp_path, "signature-valid")
    refused = main(
        [
            "check",
            "signature",
            "--barcode-file",
            path,
            "--json",
            *_conn(simulator.base_url, token=SECRET),
        ]
    )
    monkeypatch.setenv("KIOSK_API_TOKEN", SECRET)
    main(
        [
            "check",
            "dvs-parse",
            "--barcode-file",
            path,
            "--base-url",
            simulator.base_url,
            "--dvs-url",
            simulator.base_url,
        ]
    )
    main([*_canada("canada-passed"), "--json", "--base-url", simulator.base_url])
    captured = capsys.readouterr()
    assert refused == 3
    everything = captured.out + captured.err + caplog.text
    assert "Failed" in captured.err
    assert SECRET not in everything
