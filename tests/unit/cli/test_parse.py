"""`kiosk-app parse FILE|- [--json]`: exit codes, JSON shape, human summary, reasons."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk_app.cli.main import main
from tests.aamva_factory import CardSpec, build_payload, quebec_spec

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus" / "aamva"


class _Stdin:
    """Stands in for ``sys.stdin`` with a binary ``buffer``."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_parse_file_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    payload_file = tmp_path / "card.bin"
    payload_file.write_bytes(build_payload(CardSpec()))
    assert main(["parse", str(payload_file), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"driverLicense", "derived", "elements"}
    assert document["driverLicense"]["LastName"] == "PUBLIC"
    assert document["driverLicense"]["Birthdate"] == "1980-01-31"
    assert document["elements"]["DAQ"] == "D1234567"
    assert isinstance(document["derived"]["age"], int)


def test_parse_stdin_human_summary(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(build_payload(quebec_spec())))
    assert main(["parse", "-"]) == 0
    out = capsys.readouterr().out
    assert "issued by QC (CAN)" in out
    assert "JOSÉE HÉLÈNE BÉLANGER-CÔTÉ" in out
    assert "Date of birth:  1980-01-31" in out


def test_parse_rejects_non_licence_data_with_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(b"M1DOE/JANE  EABC123 YULYYZAC 0123"))
    assert main(["parse", "-", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "not parsed" in captured.err and "AAMVA" in captured.err


def test_parse_reports_truncated_payload(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    payload = build_payload(CardSpec())
    cut = tmp_path / "cut.bin"
    cut.write_bytes(payload[: len(payload) // 2])
    assert main(["parse", str(cut)]) == 2
    err = capsys.readouterr().err
    assert "cut off" in err and "PUBLIC" not in err


def test_parse_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", str(tmp_path / "absent.bin")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_parse_command_runs_as_a_program_on_a_real_sample() -> None:
    sample = (CORPUS / "Syfaro-aamva-rs-VA" / "VA-U21.txt").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "kiosk_app", "parse", "-", "--json"],
        input=sample, capture_output=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["driverLicense"]["IssuedBy"] == "VA"
    assert document["driverLicense"]["DocumentType"] == "DL"
    assert document["elements"]["DCG"] == "USA"
