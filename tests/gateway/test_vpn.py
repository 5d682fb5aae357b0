"""The gateway's VPN provider (docs/gateway.md "VPN"): the site's commands bring it up and down and its interface
names the client IP; a failing command or a missing address is the acknowledgement's error; a gateway with no VPN
configured answers `unsupported`; the simulated one opens with an address of its own."""

from pathlib import Path

import pytest

from iotyun.gateway.agent import AgentConfig, GatewayAgent
from iotyun.gateway.vpn import CommandVpn, NoVpn, SimulatedVpn, VpnError, vpn_of


async def test_commands_and_the_interface_address() -> None:
    vpn = CommandVpn("true", "true", "lo")
    assert await vpn.open() == "127.0.0.1" and vpn.state() == (True, "127.0.0.1")
    await vpn.close()
    assert vpn.state() == (False, "")
    with pytest.raises(VpnError, match="exited 3: nope"):
        await CommandVpn("echo nope >&2; exit 3", "true", "lo").open()
    with pytest.raises(VpnError, match="no address on nosuch0"):
        await CommandVpn("true", "true", "nosuch0").open()


async def test_none_configured_is_unsupported_and_the_simulated_one_opens() -> None:
    assert isinstance(vpn_of("", "", ""), NoVpn)
    with pytest.raises(VpnError, match="unsupported"):
        await NoVpn().open()
    sim = SimulatedVpn("SIM000001")
    address = await sim.open()
    assert address.startswith("10.8.") and sim.state() == (True, address)


async def test_the_agent_acknowledges_with_the_vpn_state(tmp_path: Path) -> None:
    config = AgentConfig(
        sn="GW1", secret="s3cret1", data_dir=tmp_path, vpn_up="true", vpn_down="true", vpn_interface="lo"
    )
    agent = GatewayAgent(config)
    ack = await agent.switch_vpn({"req_id": "r1", "op": "open"})
    assert (ack["req_id"], ack["ok"], ack["error"], ack["vpn"]) == (
        "r1",
        True,
        None,
        {"state": "open", "ip": "127.0.0.1"},
    )
    ack = await agent.switch_vpn({"req_id": "r2", "op": "jump"})
    assert (ack["ok"], ack["error"]) == (False, "unknown")
    bare = GatewayAgent(AgentConfig(sn="GW2", secret="s3cret1", data_dir=tmp_path))
    ack = await bare.switch_vpn({"req_id": "r3", "op": "open"})
    assert (ack["ok"], ack["error"], ack["vpn"]) == (False, "unsupported", {"state": "closed", "ip": ""})


async def test_the_platform_operators_status_and_reset(tmp_path: Path) -> None:
    """`status` answers the state and switches nothing; `reset` takes the VPN down and up again if it was up; a
    gateway without a VPN answers both `unsupported`."""
    config = AgentConfig(
        sn="GW1", secret="s3cret1", data_dir=tmp_path, vpn_up="true", vpn_down="true", vpn_interface="lo"
    )
    agent = GatewayAgent(config)
    ack = await agent.switch_vpn({"req_id": "r1", "op": "status"})
    assert (ack["ok"], ack["vpn"]) == (True, {"state": "closed", "ip": ""})
    ack = await agent.switch_vpn({"req_id": "r2", "op": "reset"})
    assert (ack["ok"], ack["vpn"]["state"]) == (True, "closed")
    await agent.switch_vpn({"req_id": "r3", "op": "open"})
    ack = await agent.switch_vpn({"req_id": "r4", "op": "reset"})
    assert (ack["ok"], ack["vpn"]) == (True, {"state": "open", "ip": "127.0.0.1"})
    bare = GatewayAgent(AgentConfig(sn="GW2", secret="s3cret1", data_dir=tmp_path))
    for op in ("status", "reset"):
        ack = await bare.switch_vpn({"req_id": "r5", "op": op})
        assert (ack["ok"], ack["error"]) == (False, "unsupported")
