"""The token stays hidden however a service echoes it, and TLS keys are never logged.

A 401 body echoing the token re-cased or cut short, and ``SSLKEYLOGFILE`` pointing at a
file, over real loopback connections.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from kiosk_app.api import constants
from kiosk_app.api.error_mapping import scrub
from kiosk_app.api.errors import AuthenticationError
from tests.unit.api.conftest import client_for
from tests.unit.api.fake_servers import ScriptedServer, always, http_reply, self_signed_tls
from tests.unit.api.network_faults import CANADA, GOOD_REPLY

Serve = Callable[..., ScriptedServer]
LONG_TOKEN = "Tok3n-Abcdefghijklmnopqrstuvwxyz-0123456789"
KEY_LOG_VARIABLE = "SSLKEYLOGFILE"
PAYLOAD = b"@\n\x1e\rANSI 636014080002DL"


def _echoes(token: str) -> dict[str, str]:
    return {
        "upper": token.upper(),
        "lower": token.lower(),
        "truncated": token[:20] + "...",
        "middle": token[8:24],
        "exact-12": token[-12:],
        "swapped-case": token.swapcase(),
    }


@pytest.mark.parametrize("echo", list(_echoes(LONG_TOKEN)))
def test_a_401_echoing_the_token_recased_or_cut_never_shows_it(serve: Serve, echo: str) -> None:
    shown = _echoes(LONG_TOKEN)[echo]
    server = serve(always(http_reply(401, {"message": f"token {shown} is not valid"})))
    with pytest.raises(AuthenticationError) as caught:
        client_for(server.url, token=LONG_TOKEN).check_signature(PAYLOAD)
    for text in (caught.value.user_message, caught.value.body_message or ""):
        folded = text.casefold()
        assert shown.casefold() not in folded
        assert "***" in text
        for start in range(len(LONG_TOKEN) - constants.SECRET_RUN_REDACTED + 1):
            piece = LONG_TOKEN[start : start + constants.SECRET_RUN_REDACTED].casefold()
            assert piece not in folded


def test_scrub_keeps_ordinary_text_and_short_pieces() -> None:
    text = "the token Tok3n-Abcde (11 characters of it) is fine; so is TEST data"
    assert scrub(text, [LONG_TOKEN, constants.TEST_TOKEN]) == text


def test_scrub_hides_a_short_secret_in_any_case() -> None:
    assert scrub("key KEY-ab12 and key-AB12", ["key-ab12"]) == "key *** and ***"


def test_tls_session_keys_are_not_logged(
    serve: Serve, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real TLS call to a loopback server with a self-signed certificate, SSLKEYLOGFILE set."""
    context, cert = self_signed_tls(tmp_path)
    server = serve(always(GOOD_REPLY), tls=context)
    key_log = tmp_path / "keys.log"
    monkeypatch.setenv(KEY_LOG_VARIABLE, str(key_log))
    with client_for(server.url, ca_bundle=str(cert)) as client:
        assert client.check_canada(CANADA).outcome.status_code == 1
    assert len(server.requests) == 1  # the TLS call really happened
    assert not key_log.exists()


def test_the_command_line_ignores_the_key_log_variable(tmp_path: Path) -> None:
    """The entry point drops the variable before any command (and any TLS context) runs."""
    key_log = tmp_path / "keys.log"
    probe = (
        "import os, ssl, sys\n"
        "from kiosk_app.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "ssl.create_default_context()\n"
        "print(os.environ.get('SSLKEYLOGFILE'))\n"
    )
    env = {**_clean_env(), KEY_LOG_VARIABLE: str(key_log)}
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "None"
    assert not key_log.exists()


def _clean_env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != KEY_LOG_VARIABLE}
