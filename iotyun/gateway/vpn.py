"""The gateway's VPN (docs/gateway.md "VPN", docs/device-protocol.md "VPN"): opened and closed when the console
asks, its state and client IP reported in the gateway's state messages and in its acknowledgement.

A provider is a small interface. `CommandVpn` runs the site's own commands (`vpn_up` / `vpn_down` in site.yaml: a
WireGuard or OpenVPN unit, say `systemctl start wg-quick@wg0`) and reads the client IP of `vpn_interface`; a gateway
configured with none answers `unsupported`; the simulated gateways use `SimulatedVpn`."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from typing import Protocol

log = logging.getLogger("iotyun.gateway.vpn")

COMMAND_TIMEOUT_S = 25.0
_INET = re.compile(r"\binet6?\s+([0-9a-fA-F:.]+)")


class VpnError(Exception):
    """The VPN could not be switched; the text is the acknowledgement's error (`unsupported`, or what failed)."""


class Vpn(Protocol):
    supported: bool

    async def open(self) -> str:
        """Open the VPN; the client IP."""

    async def close(self) -> None: ...

    def state(self) -> tuple[bool, str]:
        """Whether it is open, and the client IP."""


class NoVpn:
    supported = False

    async def open(self) -> str:
        raise VpnError("unsupported")

    async def close(self) -> None:
        raise VpnError("unsupported")

    def state(self) -> tuple[bool, str]:
        return False, ""


class SimulatedVpn:
    """A simulated gateway's VPN: a client IP of its own, no network change."""

    supported = True

    def __init__(self, sn: str) -> None:
        digest = hashlib.sha256(sn.encode()).digest()
        self.address = f"10.8.{digest[0]}.{digest[1] % 250 + 2}"
        self.is_open = False

    async def open(self) -> str:
        await asyncio.sleep(0.2)
        self.is_open = True
        return self.address

    async def close(self) -> None:
        self.is_open = False

    def state(self) -> tuple[bool, str]:
        return self.is_open, self.address if self.is_open else ""


class CommandVpn:
    """The site's commands bring the VPN up and down; the IP is read from its interface."""

    supported = True

    def __init__(self, up: str, down: str, interface: str) -> None:
        self.up, self.down, self.interface = up, down, interface
        self.is_open = False
        self.address = ""

    async def _run(self, command: str) -> None:
        proc = await asyncio.create_subprocess_shell(
            command, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
        )
        try:
            async with asyncio.timeout(COMMAND_TIMEOUT_S):
                _, err = await proc.communicate()
        except TimeoutError:
            proc.kill()
            raise VpnError(f"`{command}` did not finish in {COMMAND_TIMEOUT_S:.0f} s") from None
        if proc.returncode != 0:
            raise VpnError(f"`{command}` exited {proc.returncode}: {err.decode(errors='replace').strip()[:80]}")

    async def _address(self) -> str:
        proc = await asyncio.create_subprocess_exec(
            "ip", "-o", "addr", "show", "dev", self.interface, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await proc.communicate()
        found = _INET.search(out.decode(errors="replace"))
        return found.group(1) if found else ""

    async def open(self) -> str:
        await self._run(self.up)
        self.address = await self._address()
        if not self.address:
            raise VpnError(f"no address on {self.interface}")
        self.is_open = True
        return self.address

    async def close(self) -> None:
        await self._run(self.down)
        self.is_open, self.address = False, ""

    def state(self) -> tuple[bool, str]:
        return self.is_open, self.address


def vpn_of(up: str, down: str, interface: str) -> Vpn:
    """The provider site.yaml names: its commands, or none."""
    if up and down and interface:
        return CommandVpn(up, down, interface)
    return NoVpn()
