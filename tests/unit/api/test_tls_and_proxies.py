"""TLS and proxies over real sockets: a test CA and its leaves, a counting CONNECT proxy.

The service name ``verify.kiosk.test`` exists only in the proxy's routing table: tunnelled
requests reach the test server, direct ones fail to resolve. That is how these tests tell a
proxied call from a direct one without any hook in the client.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from kiosk_app.api.errors import ApiConnectionError, ApiTimeoutError, ConfigurationError, TlsError
from kiosk_app.api.transport import checked_ca_bundle
from kiosk_app.app.service_client import client_from_settings
from kiosk_app.config import Settings
from tests.unit.api.conftest import TOKEN, client_for
from tests.unit.api.connect_proxy import ConnectProxy
from tests.unit.api.fake_servers import (
    ScriptedServer,
    always,
    dripping,
    free_closed_port,
    http_reply,
)
from tests.unit.api.network_faults import CANADA, GOOD_REPLY
from tests.unit.api.reply_samples import canada_element
from tests.unit.api.tls_support import TestPki

Serve = Callable[..., ScriptedServer]
SERVICE_NAME = "verify.kiosk.test"
SERVICE_URL = f"https://{SERVICE_NAME}"
PROXY_VARIABLES = (
    "HTTPS_PROXY",
    "HTTP_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
)


@pytest.fixture(autouse=True)
def no_proxy_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start every test without proxy or CA-bundle variables from the machine."""
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)


@pytest.fixture
def pki(tmp_path: Path) -> TestPki:
    """A fresh test CA."""
    return TestPki(tmp_path)


@pytest.fixture
def proxies() -> Iterator[Callable[..., ConnectProxy]]:
    """Start CONNECT proxies; all stopped after the test."""
    started: list[ConnectProxy] = []

    def start(**options: object) -> ConnectProxy:
        proxy = ConnectProxy(**options)  # type: ignore[arg-type]
        started.append(proxy)
        return proxy

    yield start
    for proxy in started:
        proxy.stop()


def _port(server: ScriptedServer) -> int:
    return int(urlsplit(server.url).port or 0)


def _named_service(serve: Serve, pki: TestPki, reply: object = GOOD_REPLY) -> ScriptedServer:
    """A TLS server whose certificate (from the test CA) is for ``verify.kiosk.test``."""
    context = pki.server_context(names=(SERVICE_NAME,), ips=())
    return serve(always(reply), tls=context)


def _routes(server: ScriptedServer) -> dict[str, int]:
    return {f"{SERVICE_NAME}:443": _port(server)}


# ------------------------------------------------------------------------------ certificates


def test_certificate_from_an_unknown_authority_is_refused_clearly(
    serve: Serve, pki: TestPki
) -> None:
    server = serve(always(GOOD_REPLY), tls=pki.server_context())
    with pytest.raises(TlsError) as caught:
        client_for(server.url).check_canada(CANADA)
    assert caught.value.reason == "untrusted"
    assert "not from a trusted authority" in caught.value.user_message
    assert "ask the administrator" in caught.value.user_message
    assert server.requests == []  # nothing was sent over the refused connection


def test_ca_bundle_set_by_the_administrator_is_honoured(
    serve: Serve, pki: TestPki, tmp_path: Path
) -> None:
    server = serve(always(GOOD_REPLY), tls=pki.server_context())
    settings = Settings(base_url=server.url, api_token=TOKEN, ca_bundle=str(pki.ca_path))
    with client_from_settings(settings) as client:
        assert client.check_canada(CANADA).outcome.status_code == 1
    (tmp_path / "other").mkdir()
    other = TestPki(tmp_path / "other")
    with pytest.raises(TlsError) as caught:  # a bundle of another CA does not help
        client_for(server.url, ca_bundle=str(other.ca_path)).check_canada(CANADA)
    assert caught.value.reason == "untrusted"


def test_certificate_for_another_host_is_refused(serve: Serve, pki: TestPki) -> None:
    server = serve(always(GOOD_REPLY), tls=pki.server_context(names=("other.example",), ips=()))
    with pytest.raises(TlsError) as caught:
        client_for(server.url, ca_bundle=str(pki.ca_path)).check_canada(CANADA)
    assert caught.value.reason == "hostname"
    assert "belongs to another address" in caught.value.user_message
    assert server.requests == []


def test_expired_certificate_is_refused(serve: Serve, pki: TestPki) -> None:
    server = serve(always(GOOD_REPLY), tls=pki.server_context(expired=True))
    with pytest.raises(TlsError) as caught:
        client_for(server.url, ca_bundle=str(pki.ca_path)).check_canada(CANADA)
    assert caught.value.reason == "expired"
    assert "date and time" in caught.value.user_message


def test_plain_http_answer_on_an_https_address_is_a_tls_error(serve: Serve) -> None:
    server = serve(always(GOOD_REPLY), greeting=GOOD_REPLY)
    https_url = server.url.replace("http://", "https://")
    with pytest.raises(TlsError) as caught:
        client_for(https_url).check_canada(CANADA)
    assert caught.value.reason == "handshake"


def test_the_same_client_works_again_after_a_refused_certificate(
    serve: Serve, pki: TestPki
) -> None:
    bad = serve(always(GOOD_REPLY), tls=pki.server_context(names=("other.example",), ips=()))
    good = serve(always(GOOD_REPLY), tls=pki.server_context(label="good"))
    client = client_for(bad.url, ca_bundle=str(pki.ca_path))
    with pytest.raises(TlsError):
        client.check_canada(CANADA)
    client._urls["base"] = good.url  # same session and pools, another address
    assert client.check_canada(CANADA).outcome.status_code == 1


# ------------------------------------------------------------------------------------ proxies


def test_admin_proxy_tunnels_the_call(
    serve: Serve, pki: TestPki, proxies: Callable[..., ConnectProxy]
) -> None:
    server = _named_service(serve, pki)
    proxy = proxies(routes=_routes(server))
    client = client_for(SERVICE_URL, ca_bundle=str(pki.ca_path), proxy=proxy.url)
    assert client.check_canada(CANADA).outcome.status_code == 1
    assert client.check_canada(CANADA).outcome.status_code == 1
    # The test server closes after each reply, so each call opened its own tunnel.
    assert proxy.tunnels == [f"{SERVICE_NAME}:443"] * 2
    assert len(server.requests) == 2
    assert server.requests[0].headers["authorization"] == f"Bearer {TOKEN}"


def test_https_proxy_variable_is_honoured(
    serve: Serve,
    pki: TestPki,
    proxies: Callable[..., ConnectProxy],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = _named_service(serve, pki)
    proxy = proxies(routes=_routes(server))
    monkeypatch.setenv("HTTPS_PROXY", proxy.url)
    client = client_for(SERVICE_URL, ca_bundle=str(pki.ca_path))
    assert client.check_canada(CANADA).outcome.status_code == 1
    assert proxy.tunnels == [f"{SERVICE_NAME}:443"]


@pytest.mark.parametrize("no_proxy", [SERVICE_NAME, ".kiosk.test", "example.org,kiosk.test"])
def test_no_proxy_variable_sends_the_call_direct(
    serve: Serve,
    pki: TestPki,
    proxies: Callable[..., ConnectProxy],
    monkeypatch: pytest.MonkeyPatch,
    no_proxy: str,
) -> None:
    server = _named_service(serve, pki)
    proxy = proxies(routes=_routes(server))
    monkeypatch.setenv("HTTPS_PROXY", proxy.url)
    monkeypatch.setenv("NO_PROXY", no_proxy)
    with pytest.raises(ApiConnectionError):  # direct: the name resolves nowhere
        client_for(SERVICE_URL, ca_bundle=str(pki.ca_path)).check_canada(CANADA)
    assert proxy.requests_seen == []


def test_admin_proxy_takes_precedence_over_the_variable(
    serve: Serve,
    pki: TestPki,
    proxies: Callable[..., ConnectProxy],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = _named_service(serve, pki)
    admin = proxies(routes=_routes(server))
    environment = proxies(routes=_routes(server))
    monkeypatch.setenv("HTTPS_PROXY", environment.url)
    client = client_for(SERVICE_URL, ca_bundle=str(pki.ca_path), proxy=admin.url)
    assert client.check_canada(CANADA).outcome.status_code == 1
    assert admin.tunnels and not environment.requests_seen


def test_loopback_service_never_goes_through_a_proxy(
    serve: Serve, proxies: Callable[..., ConnectProxy], monkeypatch: pytest.MonkeyPatch
) -> None:
    server = serve(always(http_reply(200, [canada_element()])))
    proxy = proxies()
    monkeypatch.setenv("HTTP_PROXY", proxy.url)
    monkeypatch.setenv("HTTPS_PROXY", proxy.url)
    for client in (client_for(server.url), client_for(server.url, proxy=proxy.url)):
        assert client.check_canada(CANADA).outcome.status_code == 1
    assert proxy.requests_seen == []
    assert len(server.requests) == 2


def test_proxy_asking_for_credentials_is_a_connection_error(
    pki: TestPki, proxies: Callable[..., ConnectProxy]
) -> None:
    proxy = proxies(refuse_with=407)
    with pytest.raises(ApiConnectionError) as caught:
        client_for(SERVICE_URL, ca_bundle=str(pki.ca_path), proxy=proxy.url).check_canada(CANADA)
    assert "proxy" in caught.value.user_message
    assert len(proxy.requests_seen) == 1  # not retried


def test_proxy_not_running_is_a_connection_error(pki: TestPki) -> None:
    proxy_url = f"http://127.0.0.1:{free_closed_port()}"
    with pytest.raises(ApiConnectionError) as caught:
        client_for(SERVICE_URL, proxy=proxy_url).check_canada(CANADA)
    assert "proxy" in caught.value.user_message


def test_intercepting_proxy_with_an_untrusted_certificate_is_refused(
    serve: Serve, tmp_path: Path, proxies: Callable[..., ConnectProxy]
) -> None:
    """A TLS-inspecting proxy presents its own CA's certificate: refused unless configured."""
    inspection_ca = TestPki(tmp_path)
    server = _named_service(serve, inspection_ca)
    proxy = proxies(routes=_routes(server))
    with pytest.raises(TlsError):
        client_for(SERVICE_URL, proxy=proxy.url).check_canada(CANADA)
    assert server.requests == []
    trusted = client_for(SERVICE_URL, proxy=proxy.url, ca_bundle=str(inspection_ca.ca_path))
    assert trusted.check_canada(CANADA).outcome.status_code == 1


def test_total_deadline_holds_through_a_tunnel(
    serve: Serve, pki: TestPki, proxies: Callable[..., ConnectProxy]
) -> None:
    server = _named_service(serve, pki, reply=None)
    drip = dripping(GOOD_REPLY, 0.5)
    server.action = always(drip)
    proxy = proxies(routes=_routes(server))
    client = client_for(
        SERVICE_URL,
        ca_bundle=str(pki.ca_path),
        proxy=proxy.url,
        read_timeout=1.5,
        total_deadline=2.0,
    )
    with pytest.raises(ApiTimeoutError) as caught:
        client.check_canada(CANADA)
    assert "reply was still incomplete" in caught.value.user_message
    assert drip.sent < len(GOOD_REPLY)


# ---------------------------------------------------------- verification cannot be turned off


def test_settings_have_no_way_to_turn_verification_off(tmp_path: Path) -> None:
    tls_words = ("verify", "insecure", "ssl", "tls", "cert", "unsafe")
    suspicious = [
        name for name in Settings.model_fields if any(word in name.lower() for word in tls_words)
    ]
    assert suspicious == []
    ignored = Settings(
        base_url="https://a.example",
        api_token=TOKEN,
        **{"verify": False, "tls_verify": False, "insecure": True},  # type: ignore[arg-type]
    )
    assert not any(hasattr(ignored, name) for name in ("verify", "tls_verify", "insecure"))
    client = client_from_settings(ignored)
    assert client._verify is True


@pytest.mark.parametrize("value", ["false", "0", "no", "off", "none", "False"])
def test_a_ca_bundle_value_cannot_mean_off(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(Path(__file__).parent)  # no file of that name here
    with pytest.raises(ConfigurationError):
        checked_ca_bundle(value)
    assert checked_ca_bundle("") is True
    assert checked_ca_bundle(None) is True


PACKAGE = Path(__file__).resolve().parents[3] / "kiosk_app"


def _verification_switches(tree: ast.AST) -> list[str]:
    """Places in a module that could turn certificate checks off."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "verify":
            value = node.value
            if isinstance(value, ast.Constant) and not value.value:
                found.append(f"verify={value.value!r} at line {value.lineno}")
        if isinstance(node, ast.Attribute) and node.attr in (
            "CERT_NONE",
            "_create_unverified_context",
            "disable_warnings",
            "InsecureRequestWarning",
        ):
            found.append(f"{node.attr} at line {node.lineno}")
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr in (
                    "check_hostname",
                    "verify_mode",
                ):
                    found.append(f"{target.attr} assigned at line {node.lineno}")
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr == "verify"
                    and isinstance(node.value, ast.Constant)
                    and not node.value.value
                ):
                    found.append(f"session.verify off at line {node.lineno}")
    return found


def test_no_code_path_turns_certificate_verification_off() -> None:
    offenders = {
        str(path.relative_to(PACKAGE)): switches
        for path in sorted(PACKAGE.rglob("*.py"))
        if (switches := _verification_switches(ast.parse(path.read_text("utf-8"))))
    }
    assert offenders == {}


def test_the_scan_would_catch_a_switch() -> None:
    sample = (
        "import ssl, requests, urllib3\n"
        "requests.post('https://x', verify=False)\n"
        "ctx = ssl.create_default_context(); ctx.check_hostname = False\n"
        "ctx.verify_mode = ssl.CERT_NONE\n"
        "urllib3.disable_warnings()\n"
    )
    assert len(_verification_switches(ast.parse(sample))) == 5
