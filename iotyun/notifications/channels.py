"""The notification channels beyond the console (docs/api-notifications.md): a small provider interface, each with a
default that needs no internet and a documented setting for the real one.

- `email`: the app's mail sender (the .eml outbox by default, SMTP with IOTYUN_SMTP_HOST); IOTYUN_NOTIFY_EMAIL=off
  makes it unconfigured (119004).
- `sms`: IOTYUN_NOTIFY_SMS=outbox (default) appends `<time> sms to <phone> [<key>]: <text>` to
  `<data dir>/outbox/sms.log`; `webhook` POSTs `{phone, text, key}` to IOTYUN_SMS_WEBHOOK_URL (any SMS gateway);
  `off`: unconfigured (119003).
- `wechat`: a work-group robot. IOTYUN_NOTIFY_WECHAT=outbox (default) appends to `<data dir>/outbox/wechat.log`;
  `webhook` POSTs the robot's text message `{"msgtype": "text", "text": {"content": …}}` to the rule's robot URL;
  `off`: unconfigured (119005).
- `webhook`: the rule's own URL or an outgoing webhook's (docs/api-system.md), always for real: a JSON POST signed
  with HMAC-SHA256 over `<timestamp>.<body>` with the rule's (or the subscription's) secret (`X-Iotyun-Signature: sha256=<hex>`, `X-Iotyun-Timestamp`), its idempotency key in
  `X-Iotyun-Delivery` so a receiver drops repeats.

A send answers the HTTP status its receiver gave (None when there is no HTTP answer: a file, a mail); one that fails
raises `SendFailed` (`retry` tells whether trying again may help, `status` the HTTP status if one came). Nothing here
logs an address's query, a secret or a body."""

import asyncio
import hashlib
import hmac
import ipaddress
import os
import socket
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

import httpx
import orjson

from iotyun.auth.senders import MailSender
from iotyun.core.config import Settings
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import NOTIFY_URL_MAX

CONSOLE, EMAIL, SMS, WECHAT, WEBHOOK = "console", "email", "sms", "wechat", "webhook"
CHANNELS: tuple[str, ...] = (CONSOLE, EMAIL, SMS, WECHAT, WEBHOOK)
# What an unconfigured channel answers (SPEC §8 119003–119005).
UNCONFIGURED: dict[str, ErrorCode] = {
    EMAIL: ErrorCode.EMAIL_NOT_CONFIGURED,
    SMS: ErrorCode.SMS_NOT_CONFIGURED,
    WECHAT: ErrorCode.PUSH_NOT_CONFIGURED,
}
SEND_TIMEOUT_S = 10.0


class SendFailed(Exception):
    def __init__(self, reason: str, *, retry: bool = True, status: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry = retry
        self.status = status


@dataclass(frozen=True)
class Outgoing:
    """One delivery as a channel sends it."""

    key: str
    channel: str
    address: str
    subject: str
    body: str
    payload: dict[str, Any] = field(default_factory=dict)
    secret: str = ""


class Channel(Protocol):
    async def send(self, out: Outgoing) -> int | None: ...


def configured(settings: Settings) -> dict[str, bool]:
    """Which channels may be chosen (the console always)."""
    return {
        CONSOLE: True,
        EMAIL: settings.notify_email != "off",
        SMS: settings.notify_sms != "off" and (settings.notify_sms != "webhook" or bool(settings.sms_webhook_url)),
        WECHAT: settings.notify_wechat != "off",
        WEBHOOK: True,
    }


def masked(url: str) -> str:
    """A URL as the delivery log shows it: scheme, host, port and path, never its query (a robot's key)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rsplit('@', 1)[-1]}{parts.path}"


# --- URL checks ----------------------------------------------------------------------------------------------------


def url_problem(url: str, settings: Settings, *, allow_private: bool | None = None) -> str | None:
    """Why `url` may not be a notification target (None: it may): http(s) with a host, not this server's own port on
    this host, and (unless IOTYUN_NOTIFY_ALLOW_PRIVATE, or `allow_private` when given: automations' forward targets
    follow IOTYUN_FORWARD_ALLOW_PRIVATE) no loopback, private, link-local or unspecified address."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "invalid"
    if parts.scheme not in ("http", "https") or not parts.hostname or len(url) > NOTIFY_URL_MAX:
        return "invalid"
    if parts.username or parts.password:
        return "invalid"
    port = port or (443 if parts.scheme == "https" else 80)
    return host_problem(parts.hostname, port, settings, resolve=False, allow_private=allow_private)


def _private(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_unspecified or ip.is_reserved


def _host_problem(host: str, port: int, settings: Settings, *, resolve: bool) -> str | None:
    return host_problem(host, port, settings, resolve=resolve)


def host_problem(
    host: str, port: int, settings: Settings, *, resolve: bool, allow_private: bool | None = None
) -> str | None:
    """Why `host`:`port` may not be reached (None: it may): "self" (this server's own port on this host), "private"
    (loopback, private, link-local, unspecified or reserved, unless allowed: `allow_private`, by default
    IOTYUN_NOTIFY_ALLOW_PRIVATE), "unresolved" (with `resolve`, a name that resolves to nothing now). With `resolve`
    every address the name resolves to is judged (a name may have moved since it was saved)."""
    if allow_private is None:
        allow_private = settings.notify_allow_private
    addresses: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    try:
        addresses.append(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(".localhost"):
            addresses.append(ipaddress.ip_address("127.0.0.1"))
        elif resolve:
            try:
                infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            except OSError:
                return "unresolved"
            addresses.extend(ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos)
    for ip in addresses:
        if ip.is_loopback and port == settings.port:
            return "self"
        if _private(ip) and not allow_private:
            return "private"
    return None


async def _check_at_send(url: str, settings: Settings) -> None:
    """The same rule at send time, on the addresses the name resolves to now (a name may have moved)."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    problem = await asyncio.to_thread(_host_problem, parts.hostname or "", port, settings, resolve=True)
    if problem is not None:
        raise SendFailed(f"target refused: {problem}", retry=problem == "unresolved")


async def _post(url: str, content: bytes, headers: dict[str, str], settings: Settings, *, trusted: bool = False) -> int:
    """POST `content`; the status answered. A tenant's URL (not `trusted`) is checked again first. The server's own
    settings (the SMS gateway) are the operator's, and may name the plant network."""
    if not trusted:
        await _check_at_send(url, settings)
    try:
        async with httpx.AsyncClient(timeout=SEND_TIMEOUT_S, follow_redirects=False) as client:
            resp = await client.post(url, content=content, headers={"Content-Type": "application/json", **headers})
    except httpx.TimeoutException as e:
        raise SendFailed("timeout") from e
    except httpx.HTTPError as e:
        raise SendFailed(type(e).__name__) from e
    if resp.status_code >= 400:
        # A client error will not change by trying again, except a timeout or a rate limit.
        retry = resp.status_code >= 500 or resp.status_code in (408, 429)
        raise SendFailed(f"HTTP {resp.status_code}", retry=retry, status=resp.status_code)
    return resp.status_code


# --- the channels --------------------------------------------------------------------------------------------------


def _append(path: Path, line: str) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as out:
        out.write(line + "\n")


def outbox_file(settings: Settings, name: str) -> Path:
    return Path(settings.data_dir) / "outbox" / name


class EmailChannel:
    def __init__(self, mail: MailSender) -> None:
        self.mail = mail

    async def send(self, out: Outgoing) -> int | None:
        try:
            await self.mail.send_mail([out.address], out.subject, out.body, [])
        except OSError as e:
            raise SendFailed(type(e).__name__) from e
        return None


class SmsChannel:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, out: Outgoing) -> int | None:
        if self.settings.notify_sms == "webhook":
            body = orjson.dumps({"phone": out.address, "text": out.body, "key": out.key})
            return await _post(
                self.settings.sms_webhook_url, body, {"X-Iotyun-Delivery": out.key}, self.settings, trusted=True
            )
        line = f"{datetime.now(UTC).isoformat(timespec='seconds')} sms to {out.address} [{out.key}]: {out.body}"
        await asyncio.to_thread(_append, outbox_file(self.settings, "sms.log"), line.replace("\n", " "))
        return None


class WechatChannel:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, out: Outgoing) -> int | None:
        text = f"{out.subject}\n{out.body}"
        if self.settings.notify_wechat == "webhook":
            body = orjson.dumps({"msgtype": "text", "text": {"content": text}})
            return await _post(out.address, body, {"X-Iotyun-Delivery": out.key}, self.settings)
        line = f"{datetime.now(UTC).isoformat(timespec='seconds')} wechat to {masked(out.address)} [{out.key}]: {text}"
        await asyncio.to_thread(_append, outbox_file(self.settings, "wechat.log"), line.replace("\n", " "))
        return None


def signature(secret: str, timestamp: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


class WebhookChannel:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, out: Outgoing) -> int | None:
        body = orjson.dumps(out.payload)
        timestamp = str(int(time.time()))
        headers = {
            "X-Iotyun-Delivery": out.key,
            "X-Iotyun-Timestamp": timestamp,
            "X-Iotyun-Signature": signature(out.secret, timestamp, body),
        }
        return await _post(out.address, body, headers, self.settings)


def make_channels(settings: Settings, mail: MailSender) -> dict[str, Channel]:
    return {
        EMAIL: EmailChannel(mail),
        SMS: SmsChannel(settings),
        WECHAT: WechatChannel(settings),
        WEBHOOK: WebhookChannel(settings),
    }
