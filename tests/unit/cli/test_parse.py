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
    assert set(document) == {"driverLicense", "derived", "elements", "consistency", "incomplete"}
    assert document["incomplete"] == []
    assert document["consistency"]["warnings"] == [] and document["consistency"]["checked"] >= 12
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


def test_parse_json_reports_consistency_findings_and_missing_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = CardSpec(omit=("DBB",), overrides=(("DAJ", "NV"),))
    payload_file = tmp_path / "odd.bin"
    payload_file.write_bytes(build_payload(spec))
    assert main(["parse", str(payload_file), "--json", "--language", "en"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["incomplete"] == ["dateOfBirth"]
    codes = [w["code"] for w in document["consistency"]["warnings"]]
    assert "IIN_JURISDICTION" in codes
    [iin] = [w for w in document["consistency"]["warnings"] if w["code"] == "IIN_JURISDICTION"]
    assert iin["message"] == "The issuer number belongs to CA, but the address is in NV."


def test_parse_messages_follow_the_kiosk_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    qapp: object,  # the test process's application (the command would make a core one)
) -> None:
    payload_file = tmp_path / "odd.bin"
    payload_file.write_bytes(build_payload(CardSpec(overrides=(("DAJ", "NV"),))))
    monkeypatch.setenv("KIOSK_LANGUAGE", "fr")
    try:
        assert main(["parse", str(payload_file), "--json"]) == 0
    finally:
        from kiosk_app.ui.i18n import remove_language

        remove_language()
    [warning] = json.loads(capsys.readouterr().out)["consistency"]["warnings"]
    assert warning == {
        "code": "IIN_JURISDICTION",
        "message": "Le numéro d'émetteur appartient à CA, mais l'adresse est dans NV.",
    }


def test_parse_summary_names_findings_and_missing_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    payload_file = tmp_path / "odd.bin"
    payload_file.write_bytes(build_payload(CardSpec(omit=("DAQ",), overrides=(("DAJ", "NV"),))))
    assert main(["parse", str(payload_file), "--language", "en"]) == 0
    out = capsys.readouterr().out
    assert "Incomplete:     missing licenceNumber" in out
    assert "IIN_JURISDICTION: The issuer number belongs to CA" in out


def test_parse_into_a_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    """``kiosk-app parse FILE --json | head``: no BrokenPipeError traceback. The reader here
    (``true``) exits at once, so the write always meets a closed pipe."""
    sample = CORPUS / "Syfaro-aamva-rs-VA" / "VA-U21.txt"
    script = f"{sys.executable} -m kiosk_app parse '{sample}' --json --language en | true"
    done = subprocess.run(
        ["bash", "-c", "set -o pipefail; " + script], capture_output=True, timeout=120, check=False
    )
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr
    assert done.returncode == 0


@pytest.mark.parametrize("environment", ["en", "de"])  # overruled: a good value, a bad one
def test_the_command_line_messages_follow_the_managed_language(
    environment: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kiosk_app import paths
    from kiosk_app.cli.advice import kiosk_language

    monkeypatch.setenv("KIOSK_LANGUAGE", environment)
    managed = paths.managed_file()
    managed.parent.mkdir(parents=True, exist_ok=True)
    managed.write_text('{"language": "fr"}', encoding="utf-8")
    assert kiosk_language() == "fr"
