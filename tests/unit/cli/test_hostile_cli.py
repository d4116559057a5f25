"""The command line against hostile input: terminal escapes, huge inputs, echoed tokens.

Over real loopback HTTP (a scripted server counts requests).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk_app.cli.main import main
from kiosk_app.storage.usage import default_db_path
from tests.aamva_factory import CardSpec, build_payload
from tests.unit.api.fake_servers import ScriptedServer, always, http_reply
from tests.unit.api.reply_samples import canada_element, field

TOKEN = "Tok3n-Abcdefghijklmnopqrstuvwxyz-0123456789"
ESC = "\x1b"
CSI = "\x9b"
HOSTILE = f"{ESC}]0;pwned\x07{ESC}[2J{ESC}[32mVERIFIED\r\n{CSI}31mX\u202eevil"
UNSAFE = (ESC, CSI, "\x07", "\r", "\u202e")


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    element = canada_element(0, success=False)
    element["error"] = {"message": "refused " + HOSTILE, "traceId": "t-" + HOSTILE}
    element["profiles"][0]["data"].append(field("LastName", "Last " + HOSTILE, HOSTILE, 1, HOSTILE))
    started = ScriptedServer(always(http_reply(200, [element])))
    yield started
    started.stop()


def _conn(url: str) -> list[str]:
    return ["--base-url", url, "--dvs-url", url, "--parse-url", url, "--token", TOKEN]


def _canada() -> list[str]:
    return ["check", "canada", "--licence-number", "421450", "--dob", "1989-12-24"]


def _assert_safe(text: str) -> None:
    for char in UNSAFE:
        assert char not in text, repr(char)


def test_service_text_is_printed_with_control_characters_escaped(
    server: ScriptedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([*_canada(), "--province", "PE", *_conn(server.url)])
    out = capsys.readouterr()
    assert status == 3
    _assert_safe(out.out + out.err)
    assert "\\e]0;pwned" in out.out  # visible, not interpreted
    assert "\\e[32mVERIFIED\\r\\n" in out.out  # the value stays on its own line
    assert not any(line.startswith("VERIFIED") for line in out.out.splitlines())


def test_json_output_escapes_control_characters(
    server: ScriptedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    main([*_canada(), "--province", "PE", "--json", *_conn(server.url)])
    out = capsys.readouterr().out
    _assert_safe(out)
    assert HOSTILE in json.loads(out)["verdict"]["error"]["message"]


@pytest.mark.parametrize("as_json", [False, True])
def test_parse_escapes_control_characters_from_a_barcode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    payload = build_payload(CardSpec(family_name="EVIL\x1b]0;x\x07NAME", first_name="A\x1b[2JB"))
    path = tmp_path / "card.bin"
    path.write_bytes(payload)
    status = main(["parse", str(path), *(["--json"] if as_json else [])])
    out = capsys.readouterr().out
    assert status == 0
    _assert_safe(out)
    assert ("\\u001b" if as_json else "\\e]0;x\\x07") in out


def test_an_echoed_token_in_any_case_is_not_printed(capsys: pytest.CaptureFixture[str]) -> None:
    echo = {"message": f"bad token {TOKEN.upper()} / {TOKEN[:15]}"}
    server = ScriptedServer(always(http_reply(401, echo)))
    try:
        status = main([*_canada(), "--province", "PE", *_conn(server.url)])
    finally:
        server.stop()
    out = capsys.readouterr()
    assert status == 3
    shown = (out.out + out.err).casefold()
    assert TOKEN[:12].casefold() not in shown
    assert TOKEN[:15].casefold() not in shown
    assert "***" in out.err


@pytest.mark.parametrize(
    "arguments",
    [
        ["check", "signature", "--barcode-file", "/dev/zero"],
        ["check", "dvs-parse", "--barcode-file", "/dev/zero"],
        ["check", "dvs-parse", "--barcode-file", "{payload}", "--image", "/dev/zero"],
        ["legacy-parse", "--barcode-file", "/dev/zero"],
        ["legacy-parse", "--image", "/dev/zero"],
    ],
)
def test_endless_input_is_refused_with_nothing_sent_or_counted(
    arguments: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    payload = tmp_path / "payload.bin"
    payload.write_bytes(build_payload(CardSpec()))
    server = ScriptedServer(always(http_reply(200, [canada_element()])))
    try:
        argv = [a.replace("{payload}", str(payload)) for a in arguments]
        status = main([*argv, *_conn(server.url)])
    finally:
        server.stop()
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("Not sent: ")
    assert "is not a regular file (a FIFO, a device or a folder)" in err  # never read at all
    assert "Traceback" not in err
    assert server.requests == []
    assert not default_db_path().exists() or _rows() == 0


def _rows() -> int:
    import sqlite3

    with sqlite3.connect(default_db_path()) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM checks").fetchone()[0])
