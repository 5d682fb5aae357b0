"""Mosquitto's dynamic-security clients kept in step with the device registry: one client per registered gateway
(username and client id = its SN, password = its secret) with its own role that reaches only its topics, managed
over `$CONTROL/dynamic-security/v1` with the server's account (embedded broker, or an external one that grants it)."""

import asyncio
import hashlib
import logging
import random
import secrets
import uuid
from typing import Any

import aiomqtt
import orjson

from iotyun.core.tasks import checkpoint
from iotyun.telemetry.broker import GATEWAY_PUBLISHES, GATEWAY_SUBSCRIBES, gateway_acls
from iotyun.telemetry.mqtt import BrokerAddress, client_for, connection, link_worker

log = logging.getLogger("iotyun.telemetry.dynsec")

CONTROL = "$CONTROL/dynamic-security/v1"
RESPONSE = f"{CONTROL}/response"
# Starts the text name of the clients and roles this server manages, so reconciling never touches an operator's own.
GATEWAY_TEXT = "iotyun gateway"
ROLE_PREFIX = "iotyun-gw-"
CONNECT_WAIT_S = 3.0
COMMAND_WAIT_S = 10.0


class DynsecError(Exception):
    """The broker answered a dynamic-security command with an error (or not at all)."""


def role_name(sn: str) -> str:
    return f"{ROLE_PREFIX}{sn}"


def _fingerprint(sn: str, secret: str, salt: str = "") -> str:
    # The topics a gateway may use are part of it: an account made before they changed (the upgrade topics, issue 34)
    # is not current, and ensure_gateway gives its role the new ones.
    return hashlib.sha256(f"{salt}\0{sn}\0{secret}\0{_TOPICS}".encode()).hexdigest()


_TOPICS = ",".join(GATEWAY_PUBLISHES) + ";" + ",".join(GATEWAY_SUBSCRIBES)


def _text(sn: str, secret: str) -> str:
    """The client's text name: ours, with a salted digest of the secret it was given, so a server that restarted
    can tell an account is current without changing it (a change would disconnect the gateway)."""
    salt = secrets.token_hex(8)
    return f"{GATEWAY_TEXT} {salt}:{_fingerprint(sn, secret, salt)[:32]}"


def _current(client: dict[str, Any], sn: str, secret: str) -> bool:
    text = str(client.get("textname") or "")
    salt, _, digest = text.removeprefix(f"{GATEWAY_TEXT} ").partition(":")
    roles = {str(r.get("rolename")) for r in client.get("roles", []) if isinstance(r, dict)}
    return (
        text.startswith(f"{GATEWAY_TEXT} ")
        and secrets.compare_digest(digest, _fingerprint(sn, secret, salt)[:32])
        and client.get("clientid") == sn
        and role_name(sn) in roles
    )


class DynamicSecurity:
    """The server's management connection; it implements devices.accounts.GatewayAccounts."""

    def __init__(self, address: BrokerAddress) -> None:
        self.address = address
        self.connected = asyncio.Event()
        self.reconciled = asyncio.Event()
        self._client: aiomqtt.Client | None = None
        self._worker = link_worker("iotyun-dynsec", self._run)
        self._waiters: dict[str, asyncio.Future[list[dict[str, Any]]]] = {}
        # What this process has told the broker, so a gateway asking for its configuration costs no command.
        self._known: dict[str, str] = {}
        self.identifier = f"iotyun-dynsec-{uuid.uuid4().hex[:10]}"

    def start(self) -> None:
        self._worker.start()

    async def stop(self) -> None:
        await self._worker.stop()
        self.connected.clear()

    @staticmethod
    async def _subscribe(client: aiomqtt.Client) -> None:
        await client.subscribe(RESPONSE, qos=1)

    async def _run(self) -> None:
        backoff = 0.2
        while True:
            try:
                client = client_for(self.address, self.identifier, protocol=aiomqtt.ProtocolVersion.V5)
                async with connection(client, self._subscribe):
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
            checkpoint()
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

    async def ensure_gateway(self, sn: str, secret: str) -> bool:
        """A client `sn` that logs in only with this secret and this client id, holding the gateway's own role;
        whether anything had to change (a change disconnects the gateway if it is connected)."""
        role = role_name(sn)
        found = (await self.command([{"command": "getClient", "username": sn}]))[0]
        client = found.get("data", {}).get("client") if "error" not in found else None
        if isinstance(client, dict) and _current(client, sn, secret):
            return False
        account = {"username": sn, "password": secret, "clientid": sn, "textname": _text(sn, secret)}
        create = [
            {"command": "createRole", "rolename": role, "textname": GATEWAY_TEXT, "acls": gateway_acls(sn)},
            {"command": "createClient", **account, "roles": [{"rolename": role}]},
        ]
        # The client exists (an earlier secret), or another server process created it meanwhile.
        modify = [{"command": "modifyClient", **account, "roles": [{"rolename": role}]}]
        # A role made before the gateway's topics grew gets the new ones (an ACL it holds already answers an error,
        # which changes nothing); the client's answer comes last and decides.
        grow = [{"command": "addRoleACL", "rolename": role, **acl} for acl in gateway_acls(sn)]
        answer = await self.command(create if client is None else create[:1] + grow + modify)
        if "error" in answer[-1] and client is None:
            answer = await self.command(modify)
        if "error" in answer[-1]:
            raise DynsecError(f"{sn}: {answer[-1]['error']}")
        return True

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
            if isinstance(c, dict) and str(c.get("textname") or "").startswith(GATEWAY_TEXT)
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
