"""Mosquitto's dynamic-security clients kept in step with the device registry: one client per registered gateway
(username and client id = its SN, password = its secret) with its own role that reaches only its topics, managed
over `$CONTROL/dynamic-security/v1` with the server's account (embedded broker, or an external one that grants it)."""

import asyncio
import contextlib
import hashlib
import logging
import random
import uuid
from typing import Any

import aiomqtt
import orjson

from iotyun.telemetry.broker import gateway_acls
from iotyun.telemetry.mqtt import BrokerAddress

log = logging.getLogger("iotyun.telemetry.dynsec")

CONTROL = "$CONTROL/dynamic-security/v1"
RESPONSE = f"{CONTROL}/response"
# Marks the clients and roles this server manages, so reconciling never touches an operator's own clients.
GATEWAY_TEXT = "iotyun gateway"
ROLE_PREFIX = "iotyun-gw-"
CONNECT_WAIT_S = 3.0
COMMAND_WAIT_S = 10.0


class DynsecError(Exception):
    """The broker answered a dynamic-security command with an error (or not at all)."""


def role_name(sn: str) -> str:
    return f"{ROLE_PREFIX}{sn}"


def _fingerprint(sn: str, secret: str) -> str:
    return hashlib.sha256(f"{sn}\0{secret}".encode()).hexdigest()


class DynamicSecurity:
    """The server's management connection; it implements devices.accounts.GatewayAccounts."""

    def __init__(self, address: BrokerAddress) -> None:
        self.address = address
        self.connected = asyncio.Event()
        self.reconciled = asyncio.Event()
        self._client: aiomqtt.Client | None = None
        self._task: asyncio.Task[None] | None = None
        self._waiters: dict[str, asyncio.Future[list[dict[str, Any]]]] = {}
        # What this process has told the broker, so a gateway asking for its configuration costs no command.
        self._known: dict[str, str] = {}
        self.identifier = f"iotyun-dynsec-{uuid.uuid4().hex[:10]}"

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="iotyun-dynsec")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self.connected.clear()

    async def _run(self) -> None:
        backoff = 0.2
        while True:
            try:
                async with aiomqtt.Client(
                    self.address.host,
                    self.address.port,
                    username=self.address.username,
                    password=self.address.password,
                    identifier=self.identifier,
                    protocol=aiomqtt.ProtocolVersion.V5,
                    keepalive=30,
                ) as client:
                    await client.subscribe(RESPONSE, qos=1)
                    self._client = client
                    self.connected.set()
                    backoff = 0.2
                    async for message in client.messages:
                        self._answer(bytes(message.payload) if isinstance(message.payload, bytes) else b"")
            except asyncio.CancelledError:
                raise
            except aiomqtt.MqttError as exc:
                log.warning("dynamic-security link to %s:%s: %s", self.address.host, self.address.port, exc)
            except Exception:
                log.exception("dynamic-security link failed")
            finally:
                self._client = None
                self.connected.clear()
                for waiter in self._waiters.values():
                    if not waiter.done():
                        waiter.set_exception(DynsecError("broker connection lost"))
            await asyncio.sleep(backoff + random.uniform(0, backoff / 4))
            backoff = min(backoff * 2, 5.0)

    def _answer(self, payload: bytes) -> None:
        try:
            responses = orjson.loads(payload)["responses"]
            key = str(responses[0].get("correlationData", ""))
        except (orjson.JSONDecodeError, KeyError, IndexError, TypeError, AttributeError):
            return
        waiter = self._waiters.get(key)
        if waiter is not None and not waiter.done():
            waiter.set_result(responses)

    async def command(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Send commands in one message; their responses in order (each may carry an "error")."""
        try:
            await asyncio.wait_for(self.connected.wait(), CONNECT_WAIT_S)
        except TimeoutError:
            raise DynsecError("broker not connected") from None
        client = self._client
        if client is None:
            raise DynsecError("broker not connected")
        key = uuid.uuid4().hex
        waiter: asyncio.Future[list[dict[str, Any]]] = asyncio.get_running_loop().create_future()
        self._waiters[key] = waiter
        try:
            body = {"commands": [{**c, "correlationData": key} for c in commands]}
            await client.publish(CONTROL, orjson.dumps(body), qos=1, timeout=COMMAND_WAIT_S)
            return await asyncio.wait_for(waiter, COMMAND_WAIT_S)
        except (TimeoutError, aiomqtt.MqttError) as exc:
            raise DynsecError(f"no answer to {commands[0]['command']}: {exc}") from exc
        finally:
            self._waiters.pop(key, None)

    # --- gateways ---------------------------------------------------------------------------------------------------

    async def ensure_gateway(self, sn: str, secret: str) -> None:
        """A client `sn` that logs in only with this secret and this client id, holding the gateway's own role."""
        role = role_name(sn)
        created = await self.command(
            [
                {"command": "createRole", "rolename": role, "textname": GATEWAY_TEXT, "acls": gateway_acls(sn)},
                {
                    "command": "createClient",
                    "username": sn,
                    "password": secret,
                    "clientid": sn,
                    "textname": GATEWAY_TEXT,
                    "roles": [{"rolename": role}],
                },
            ]
        )
        if "error" not in created[1]:
            return
        # The client exists (an earlier secret, or another server process got there first): bring it in line.
        updated = await self.command(
            [
                {"command": "setClientPassword", "username": sn, "password": secret},
                {"command": "setClientId", "username": sn, "clientid": sn},
                {"command": "addClientRole", "username": sn, "rolename": role},
            ]
        )
        errors = [r["error"] for r in updated[:2] if "error" in r]
        if errors:
            raise DynsecError(f"{sn}: {'; '.join(map(str, errors))}")

    async def remove_gateway(self, sn: str) -> None:
        await self.command(
            [{"command": "deleteClient", "username": sn}, {"command": "deleteRole", "rolename": role_name(sn)}]
        )
        self._known.pop(sn, None)

    async def gateway_keyed(self, sn: str, secret: str) -> None:
        mark = _fingerprint(sn, secret)
        if self._known.get(sn) == mark:
            return
        try:
            await self.ensure_gateway(sn, secret)
        except DynsecError as exc:
            # The gateway is refused until its next configuration fetch or discovery, which tries again.
            log.warning("broker account of %s not updated: %s", sn, exc)
            return
        self._known[sn] = mark

    async def gateway_released(self, sn: str) -> None:
        try:
            await self.remove_gateway(sn)
        except DynsecError as exc:
            log.warning("broker account of %s not removed (reconciled at the next start): %s", sn, exc)

    async def gateway_clients(self) -> tuple[set[str], set[str]]:
        """The gateway clients and roles the broker holds (ours, by their text name and role prefix)."""
        answer = await self.command(
            [{"command": "listClients", "verbose": True, "count": -1}, {"command": "listRoles", "count": -1}]
        )
        clients = {
            str(c["username"])
            for c in answer[0].get("data", {}).get("clients", [])
            if isinstance(c, dict) and c.get("textname") == GATEWAY_TEXT
        }
        roles = {
            str(name)[len(ROLE_PREFIX) :]
            for name in answer[1].get("data", {}).get("roles", [])
            if str(name).startswith(ROLE_PREFIX)
        }
        return clients, roles

    async def reconcile(self, registered: set[str]) -> int:
        """Delete the gateway clients (and roles) of SNs no longer registered; how many went."""
        clients, roles = await self.gateway_clients()
        gone = 0
        for sn in sorted((clients | roles) - registered):
            await self.remove_gateway(sn)
            gone += 1
        return gone
