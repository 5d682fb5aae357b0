"""The client's address of a request or a WebSocket: the one place it is read (throttles, user log, socket caps).

`X-Forwarded-For` is believed only from the proxies IOTYUN_TRUSTED_PROXIES names (addresses or CIDRs; empty, the
default, never believes it). Behind trusted proxies the client is the right-most address of the chain (the header's
entries, then the peer) that is not a trusted proxy: each trusted proxy appends the address it saw, and what lies
left of the first untrusted one is whatever the client chose to send (docs/security.md "Client addresses")."""

import ipaddress
from functools import lru_cache

from starlette.requests import HTTPConnection

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@lru_cache(maxsize=8)
def parse_networks(text: str) -> tuple[Network, ...]:
    """The networks of a comma- or space-separated list of addresses and CIDRs (ValueError on a bad one)."""
    return tuple(ipaddress.ip_network(item, strict=False) for item in text.replace(",", " ").split())


def _address(text: str) -> Address | None:
    """An address as a hop of X-Forwarded-For spells it (`[v6]`, `[v6]:port`, `v4:port` too), or None."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(address: Address, networks: tuple[Network, ...]) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in networks)


def resolve(peer: str, forwarded_for: list[str], trusted: tuple[Network, ...]) -> str:
    """The client's address from the connection's peer and its X-Forwarded-For headers (in order)."""
    if not trusted or not forwarded_for:
        return peer
    peer_address = _address(peer)
    if peer_address is None or not _trusted(peer_address, trusted):
        return peer
    hops = [hop for header in forwarded_for for hop in header.split(",") if hop.strip()]
    client = peer_address
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            # Only a trusted proxy's own client can have sent this: the last address believed is the answer.
            break
        client = address
        if not _trusted(address, trusted):
            break
    return str(client)


def client_address(conn: HTTPConnection) -> str:
    """The client's address of a request or a WebSocket ("" when the server does not know it)."""
    peer = conn.client.host if conn.client else ""
    settings = getattr(conn.app.state, "settings", None)
    proxies: str = getattr(settings, "trusted_proxies", "") or ""
    if not proxies:
        return peer
    return resolve(peer, conn.headers.getlist("x-forwarded-for"), parse_networks(proxies))


def request_host(conn: HTTPConnection) -> str:
    """The host name the client asked for (lower-case, without port or final dot; "" when none): the `Host` header,
    or the first `X-Forwarded-Host` when the peer is one of IOTYUN_TRUSTED_PROXIES (a proxy that rewrites Host)."""
    settings = getattr(conn.app.state, "settings", None)
    proxies: str = getattr(settings, "trusted_proxies", "") or ""
    host = conn.headers.get("host", "")
    forwarded = conn.headers.get("x-forwarded-host", "")
    if forwarded and proxies:
        peer = _address(conn.client.host if conn.client else "")
        if peer is not None and _trusted(peer, parse_networks(proxies)):
            host = forwarded.split(",", 1)[0]
    host = host.strip().lower()
    if host.startswith("["):
        return ""  # an IPv6 literal names no domain
    return host.rsplit(":", 1)[0].rstrip(".") if ":" in host else host.rstrip(".")
