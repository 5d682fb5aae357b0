"""The HTTP hooks an external broker calls (EMQX HTTP auth/ACL, mosquitto-go-auth): gateways log in with SN and
secret and reach only their own topics; the server's own account (IOTYUN_MQTT_URL) reaches every topic."""

import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.errors import AppError
from iotyun.core.ratelimit import GatewaySecretGuard
from iotyun.devices import service as device_service
from iotyun.telemetry.broker import gateway_topic_allowed
from iotyun.telemetry.mqtt import BrokerAddress
from iotyun.telemetry.schemas import HookIn

if TYPE_CHECKING:
    from iotyun.telemetry.runtime import Telemetry


def _answer(allowed: bool) -> dict[str, Any]:
    # EMQX 5 reads "result"; mosquitto-go-auth (response_mode json) reads "ok".
    return {"result": "allow" if allowed else "deny", "ok": allowed, "error": "" if allowed else "denied"}


async def validate_device(session: AsyncSession, guard: GatewaySecretGuard, body: HookIn) -> dict[str, Any]:
    if body.topic is not None:
        action = "publish" if (body.action or "").lower().startswith("pub") else "subscribe"
        return _answer(gateway_topic_allowed(body.username, body.topic, action))
    # A gateway's client id is its SN: another one would let a gateway take over someone else's session.
    if body.clientid and body.clientid != body.username:
        return _answer(False)
    # The caller is the broker: the gateway's own address counts only when the broker sends it (docs/security.md).
    try:
        gateway = await device_service.authenticate_gateway_guarded(
            session, guard, body.username, body.password, body.peerhost[:64] or None
        )
    except AppError:
        return _answer(False)
    return _answer(gateway is not None)


def validate_service(telemetry: "Telemetry", body: HookIn) -> dict[str, Any]:
    url = telemetry.settings.mqtt_url
    if not url:
        return _answer(False)
    own = BrokerAddress.parse(url)
    if not own.username or body.username != own.username:
        return _answer(False)
    if body.topic is not None:
        return _answer(True)
    return _answer(secrets.compare_digest(body.password, own.password or ""))
