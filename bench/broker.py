"""Embedded broker benchmark: how fast gateways get in, and whether a flood from one gateway loses anything.

The candidate is the broker `iotyun serve` runs when IOTYUN_MQTT_URL is unset: the supervised Mosquitto
(iotyun.telemetry.broker.EmbeddedBroker, its generated configuration) in a throwaway data dir, with one
dynamic-security client per gateway provisioned the way the server does it (iotyun.telemetry.dynsec, before the
clock starts).

1. Connect rate: --gateways (default 1,000) gateways connect at once (at most --parallel connection attempts in
   flight) and each does what the gateway agent does on connecting: CONNECT with its SN as user name and client id
   and its secret, publish its retained online state (QoS 1), subscribe to its write and config topics. Measured:
   first attempt to the last gateway done (seconds; target at most 10). Baseline (same run, same clients): a plain
   Mosquitto with its defaults and anonymous access, no authentication at all, on another free port.
2. Flood: one gateway publishes --flood (default 10,000) QoS 1 values messages as fast as the broker acknowledges
   them while the server's subscription (the server's account, a persistent session, QoS 1) is away; then the
   broker is restarted (a clean stop and start: queued messages must survive it) and the server's session comes back
   and counts what it receives. Measured: messages delivered (target: every one). Baseline (same run): the same
   flood through a plain Mosquitto with its default queue limit (max_queued_messages 1000), without the restart.

Usage: uv run python bench/broker.py [--gateways 1000] [--parallel 100] [--flood 10000]
Writes bench/results/broker.json (two DESIGN §4 entries: connect_1000_gateways, flood_qos1_delivered).
"""

import argparse
import asyncio
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path

import aiomqtt
import benchlib
import orjson

from iotyun.telemetry.broker import EmbeddedBroker
from iotyun.telemetry.dynsec import DynamicSecurity
from iotyun.telemetry.mqtt import BrokerAddress

CONNECT_TARGET_S = 10.0
SECRET = benchlib.SECRET
SERVER_CLIENT = "bench-server"
# Publishes awaiting their PUBACK at once (the gateway agent sends from its disk buffer the same way).
FLOOD_WINDOW = 100


def sn_of(i: int) -> str:
    return f"BENCH{i:06d}"


async def one_gateway(host: str, port: int, sn: str, auth: bool, gate: asyncio.Semaphore) -> aiomqtt.Client:
    async with gate:
        client = aiomqtt.Client(
            host,
            port,
            identifier=sn,
            username=sn if auth else None,
            password=SECRET if auth else None,
            clean_session=False,
            keepalive=60,
            timeout=30,
        )
        await client.__aenter__()
        await client.publish(f"iotyun/dev/{sn}/state", b'{"state": "online"}', qos=1, retain=True)
        await client.subscribe(f"iotyun/dev/{sn}/write", qos=1)
        await client.subscribe(f"iotyun/dev/{sn}/config", qos=1)
        return client


async def connect_all(host: str, port: int, n: int, parallel: int, auth: bool) -> float:
    """Seconds until n gateways are connected, announced and subscribed; they leave again afterwards."""
    gate = asyncio.Semaphore(parallel)
    start = time.perf_counter()
    clients = await asyncio.gather(*(one_gateway(host, port, sn_of(i), auth, gate) for i in range(n)))
    took = time.perf_counter() - start
    for client in clients:
        await client.publish(f"iotyun/dev/{client.identifier}/state", b"", qos=1, retain=True)
        await client.__aexit__(None, None, None)
    return took


async def flood(
    host: str,
    port: int,
    n: int,
    server: tuple[str | None, str | None],
    gateway: tuple[str | None, str | None],
    restart: "EmbeddedBroker | None" = None,
) -> tuple[int, float]:
    """(distinct messages the server's session received, seconds the gateway's publishing took)."""
    topic = "iotyun/dev/+/values"
    sub = {"username": server[0], "password": server[1], "identifier": SERVER_CLIENT, "clean_session": False}
    async with aiomqtt.Client(host, port, **sub) as s:  # type: ignore[arg-type]
        await s.subscribe(topic, qos=1)
    sn = sn_of(0)
    payloads = [orjson.dumps({"boot": 1, "seq": i, "values": [{"id": 1, "v": i, "ts": i}]}) for i in range(1, n + 1)]
    start = time.perf_counter()
    window = asyncio.Semaphore(FLOOD_WINDOW)

    async def publish(client: aiomqtt.Client, payload: bytes) -> None:
        async with window:
            await client.publish(f"iotyun/dev/{sn}/values", payload, qos=1, timeout=120)

    async with aiomqtt.Client(host, port, username=gateway[0], password=gateway[1], identifier=sn, timeout=60) as g:
        await asyncio.gather(*(publish(g, p) for p in payloads))
    took = time.perf_counter() - start
    if restart is not None:
        await restart.restart()
    seen: set[int] = set()
    async with aiomqtt.Client(host, port, **sub) as s:  # type: ignore[arg-type]
        await s.subscribe(topic, qos=1)
        try:
            async with asyncio.timeout(10):
                async for message in s.messages:
                    seen.add(int(orjson.loads(bytes(message.payload))["seq"]))  # type: ignore[arg-type,unused-ignore]
                    if len(seen) == n:
                        break
        except TimeoutError:
            pass  # nothing more comes: what was dropped stays dropped
    async with aiomqtt.Client(host, port, **{**sub, "clean_session": True}):  # type: ignore[arg-type]
        pass  # end the persistent session
    return len(seen), took


async def main(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("mqtt").setLevel(logging.ERROR)  # aiomqtt warns of every publish still awaiting its PUBACK
    tmp = Path(tempfile.mkdtemp(prefix="iotyun-bench-broker-"))
    broker = EmbeddedBroker(tmp / "data", "127.0.0.1", 0)
    await broker.start()
    dynsec = DynamicSecurity(BrokerAddress("127.0.0.1", broker.port, broker.service_user, broker.service_password))
    dynsec.start()
    try:
        print(f"provisioning {args.gateways} gateway accounts", file=sys.stderr)
        for i in range(args.gateways):
            await dynsec.ensure_gateway(sn_of(i), SECRET)
        (tmp / "plain").mkdir()
        with benchlib.mosquitto(tmp / "plain") as (host, plain_port):
            base_connect = await connect_all(host, plain_port, args.gateways, args.parallel, auth=False)
            base_delivered, base_pub = await flood(host, plain_port, args.flood, (None, None), (None, None))
        cand_connect = await connect_all("127.0.0.1", broker.port, args.gateways, args.parallel, auth=True)
        server = (broker.service_user, broker.service_password)
        cand_delivered, cand_pub = await flood(
            "127.0.0.1", broker.port, args.flood, server, (sn_of(0), SECRET), restart=broker
        )
    finally:
        await dynsec.stop()
        await broker.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    common = {"gateways": args.gateways, "parallel": args.parallel, "flood_messages": args.flood}
    results = [
        benchlib.result(
            "broker",
            f"connect_{args.gateways}_gateways",
            "s",
            cand_connect,
            base_connect,
            "plain Mosquitto 2.0 (defaults, anonymous, no authentication), same clients, same run",
            CONNECT_TARGET_S,
            cand_connect <= CONNECT_TARGET_S,
            target_kind="seconds, at most target",
            connects_per_s=round(args.gateways / cand_connect, 1),
            baseline_connects_per_s=round(args.gateways / base_connect, 1),
            **common,
        ),
        benchlib.result(
            "broker",
            "flood_qos1_delivered",
            "messages",
            cand_delivered,
            base_delivered,
            "plain Mosquitto 2.0 with its default queue limit (max_queued_messages 1000), no restart, same run",
            float(args.flood),
            cand_delivered == args.flood,
            target_kind="every message delivered (zero loss), across a broker restart",
            lost=args.flood - cand_delivered,
            baseline_lost=args.flood - base_delivered,
            publish_s=round(cand_pub, 3),
            baseline_publish_s=round(base_pub, 3),
            **common,
        ),
    ]
    benchlib.report("broker", results)
    return 0 if all(r["met"] for r in results) else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gateways", type=int, default=1000)
    parser.add_argument("--parallel", type=int, default=100)
    parser.add_argument("--flood", type=int, default=10_000)
    sys.exit(asyncio.run(main(parser.parse_args())))
