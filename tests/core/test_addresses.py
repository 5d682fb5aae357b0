"""The client's address (core.addresses): X-Forwarded-For only from trusted proxies, the right-most untrusted hop."""

import pytest
from starlette.requests import HTTPConnection

from iotyun.core.addresses import client_address, parse_networks, resolve
from iotyun.core.config import Settings

PROXIES = parse_networks("10.0.0.0/8, 127.0.0.1 ::1")


def test_without_trusted_proxies_the_header_is_ignored() -> None:
    assert resolve("203.0.113.5", ["198.51.100.1"], ()) == "203.0.113.5"


def test_an_untrusted_peer_cannot_spoof() -> None:
    assert resolve("203.0.113.5", ["198.51.100.1"], PROXIES) == "203.0.113.5"


def test_the_right_most_untrusted_hop() -> None:
    # The client sent a made-up hop; its real address was appended by the first proxy, then a second proxy's.
    assert resolve("127.0.0.1", ["6.6.6.6, 198.51.100.7, 10.1.2.3"], PROXIES) == "198.51.100.7"
    # Several headers are one chain, in order.
    assert resolve("127.0.0.1", ["6.6.6.6", "198.51.100.7"], PROXIES) == "198.51.100.7"
    assert resolve("::1", ["[2001:db8::7]:5123"], PROXIES) == "2001:db8::7"
    assert resolve("10.0.0.2", ["198.51.100.7:4711"], PROXIES) == "198.51.100.7"


def test_a_chain_of_trusted_hops_or_garbage() -> None:
    # Every hop a trusted proxy: the left-most one.
    assert resolve("127.0.0.1", ["10.9.9.9, 10.1.1.1"], PROXIES) == "10.9.9.9"
    # A hop that is no address, right of any untrusted one: the last address believed.
    assert resolve("127.0.0.1", ["<script>, 10.1.1.1"], PROXIES) == "10.1.1.1"
    assert resolve("127.0.0.1", ["nonsense"], PROXIES) == "127.0.0.1"
    assert resolve("127.0.0.1", [""], PROXIES) == "127.0.0.1"
    # A peer the server cannot parse (the test client's "testclient") is never a proxy.
    assert resolve("testclient", ["198.51.100.7"], PROXIES) == "testclient"


def test_the_setting_is_checked() -> None:
    assert Settings(trusted_proxies="10.0.0.0/8,192.168.1.1").trusted_proxies
    with pytest.raises(ValueError, match="IOTYUN_TRUSTED_PROXIES"):
        Settings(trusted_proxies="10.0.0.0/33")


class _App:
    class state:
        settings = Settings(trusted_proxies="127.0.0.1")


@pytest.mark.parametrize("kind", ["http", "websocket"])
def test_client_address_of_requests_and_sockets(kind: str) -> None:
    """One function for both: the socket caps of anonymous WebSockets count the same address the throttles do."""

    def conn(peer: str, forwarded: str) -> HTTPConnection:
        headers = [(b"x-forwarded-for", forwarded.encode())]
        return HTTPConnection({"type": kind, "client": (peer, 4000), "headers": headers, "app": _App})

    assert client_address(conn("127.0.0.1", "198.51.100.9")) == "198.51.100.9"
    assert client_address(conn("203.0.113.5", "198.51.100.9")) == "203.0.113.5"
    assert client_address(HTTPConnection({"type": kind, "headers": [], "app": _App})) == ""
