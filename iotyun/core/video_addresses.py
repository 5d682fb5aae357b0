"""Which video addresses the server keeps and hands out (docs/api-video.md "Addresses"): an http(s) address with a host, or a
path of the product itself (`/api/…`); never `file:` or another scheme, credentials in the address, nor a loopback,
private, link-local or reserved host unless IOTYUN_VIDEO_ALLOW_PRIVATE (a camera gateway on the plant network)."""

import ipaddress
from urllib.parse import urlsplit

from iotyun.core.config import Settings
from iotyun.core.limits import VIDEO_ADDRESS_MAX


def _private_host(host: str, lan: bool) -> bool:
    """A host no address may name: this machine (loopback, localhost), link-local (a cloud's metadata service),
    unspecified or reserved; and, unless `lan`, a private network's."""
    name = host.lower().rstrip(".")
    if name in ("localhost", "localhost.localdomain") or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
        return True
    return not lan and (ip.is_private or ip.is_reserved)


def address_problem(
    url: str, settings: Settings, schemes: tuple[str, ...] = ("http", "https"), lan: bool = False
) -> str | None:
    """Why `url` may not be handed out (None: it may): "invalid" or "private". `schemes`: those allowed (a device's
    own video address also takes rtsp, rtmp and ws(s), the schemes its form always took). `lan`: a private
    network's host is allowed — a device's own camera sits on the plant's network, which the viewer's browser
    reaches, not the server; this machine and link-local hosts stay refused."""
    if not url or len(url) > VIDEO_ADDRESS_MAX or any(c.isspace() or ord(c) < 32 for c in url):
        return "invalid"
    if url.startswith("/") and not url.startswith("//") and "\\" not in url:
        return None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a port out of range raises
    except ValueError:
        return "invalid"
    if parts.scheme.lower() not in schemes or not parts.hostname or parts.username or parts.password:
        return "invalid"
    if _private_host(parts.hostname, lan) and not settings.video_allow_private:
        return "private"
    return None
