"""``kiosk-app decode``: real decodes and parses of picture files through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kiosk_app.bench.synthetic import card, rotated
from kiosk_app.cli.main import EXIT_INPUT_REJECTED, EXIT_OK, main
from tests.unit.barcode.images import LICENCE_PAYLOAD, encode

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus" / "images"
SPECIMEN = CORPUS / "ca-dmv-specimen" / "reverse_side_sample.jpg"
SPECIMEN_PAYLOAD = CORPUS / "ca-dmv-specimen" / "reverse_side_sample.expected-pdf417.txt"
GENERIC_PDF417 = CORPUS / "zxing-cpp-pdf417" / "pdf417-1" / "01.png"


@pytest.fixture
def tilted_card(tmp_path: Path) -> Path:
    path = tmp_path / "tilted.jpg"
    path.write_bytes(encode(rotated(-18.0)(card(LICENCE_PAYLOAD)), "JPEG", quality=85))
    return path


def test_json_output_for_a_readable_specimen(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decode", "--json", str(SPECIMEN)]) == EXIT_OK
    [result] = json.loads(capsys.readouterr().out)
    assert result["file"] == str(SPECIMEN)
    assert result["payload"].encode("latin-1") == SPECIMEN_PAYLOAD.read_bytes()
    assert result["elapsedMs"] > 0
    assert result["symbol"]["format"] == "PDF417"
    assert set(result["parse"]) == {"driverLicense", "derived", "elements"}
    assert result["parse"]["elements"]["DAJ"] == "CA"
    assert "error" not in result
    # The real California DMV specimen: complete, and nothing unusual.
    assert result["incomplete"] == []
    assert result["consistency"]["warnings"] == [] and result["consistency"]["checked"] >= 12


def test_control_characters_are_json_escapes(capsys: pytest.CaptureFixture[str]) -> None:
    main(["decode", "--json", str(SPECIMEN)])
    raw = capsys.readouterr().out
    assert "\\n\\u001e\\r" in raw  # LF, RS, CR after "@", escaped, not lost


def test_tilted_photo_and_accented_name(
    tilted_card: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["decode", "--json", str(tilted_card)]) == EXIT_OK
    [result] = json.loads(capsys.readouterr().out)
    assert result["payload"].encode("latin-1") == LICENCE_PAYLOAD
    assert "RENE\u00c9" in result["payload"]


def test_mixed_inputs_exit_2_and_say_why(
    tmp_path: Path, tilted_card: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_image = tmp_path / "notes.txt"
    not_image.write_text("hello")
    status = main(["decode", "--json", str(tilted_card), str(not_image), str(GENERIC_PDF417)])
    assert status == EXIT_INPUT_REJECTED
    captured = capsys.readouterr()
    ok, unreadable, generic = json.loads(captured.out)
    assert "parse" in ok and "error" not in ok
    assert unreadable["error"]["type"] == "UnreadableImageError"
    assert "payload" not in unreadable
    assert generic["error"]["type"] == "NotAamvaError"
    assert "notes.txt" in captured.err and "not a picture" in captured.err


def test_plain_output_is_one_line_per_picture(
    tilted_card: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = tmp_path / "blank.png"
    blank.write_bytes(encode(card(LICENCE_PAYLOAD).crop((0, 0, 400, 200)), "PNG"))
    assert main(["decode", str(tilted_card), str(blank)]) == EXIT_INPUT_REJECTED
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 2
    assert "tilted.jpg: parsed" in lines[0]
    assert "blank.png: not read" in lines[1]
    assert "No licence barcode found" in err
    assert "MARTIN" not in out + err  # the plain summary shows no personal data
