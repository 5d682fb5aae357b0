"""Live latency benchmark (B2): device publish → browser socket, with 200 WebSocket clients watching the device.

The candidate is `iotyun serve` (one process) against a throwaway PostgreSQL database (or SQLite with --db sqlite),
connected through IOTYUN_MQTT_URL to a private Mosquitto (the machine's binary on a free port, defaults; the shared
one on 1883 carries other people's test traffic). One registered device is bound to a published template of
--values float32 data sources. --clients WebSocket clients (default 200, spread over --client-procs processes) open
/api/v2/ws/web/rtd, authenticate with an administrator's token in the first frame ({"op": "auth", "token": …}) and
send {"op": "sub", "devices": [id]}.

The clients are `LeanSocket`s (--client lean, the default): a few lines of RFC 6455 read through epoll, each socket
stamped as soon as it is readable, so the clients' own work on these two shared cores delays the stamps as little as
possible (a browser reads its frames in C++, in its own process on its own machine). --client websockets uses the
`websockets` library instead (asyncio, a task per socket), as this benchmark did until 2026-11-30: its clients spend
about twice the CPU on the same frames, and that shows in the figure (docs/decisions.md "Live values to many
sockets").

A publisher (paho-mqtt, QoS 1, like a gateway) sends values batches of all the device's data sources at --rate per
second for --seconds (default 20/s for 20 s) after a warm-up that lasts until every client has received a batch.
The first value of each batch is its sequence number; the publisher notes time.time_ns() just before each publish,
and each client notes time.time_ns() when a frame arrives (one machine, one clock). Latency = arrival − send, per
client and batch (200 × 400 samples by default).

Baseline (same run, same publishes): a plain MQTT subscriber (paho, QoS 1, like the server's own subscription) on
the same broker, timed the same way: what the broker hop costs by itself. Reported: p50 and p99 of both, and the
latency the server adds (candidate − baseline at that percentile) against the targets: at most 5 ms added at p50
and 25 ms at p99. Also shown: the p99 of the last client of each batch (the fan-out's tail) and any lost frames.

Usage: uv run python bench/live_latency.py [--clients 200] [--client-procs 2] [--rate 20] [--seconds 20]
       [--values 10] [--db postgresql|sqlite] [--client lean|websockets]
Writes bench/results/live_latency.json (two DESIGN §4 entries: live_latency_p50, live_latency_p99) and prints
`metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import contextlib
import multiprocessing as mp
import os
import sys
import threading
import time
from typing import Any

import benchlib
import orjson

TARGET_ADDED_P50_MS = 5.0
TARGET_ADDED_P99_MS = 25.0
WARMUP_MAX_S = 30.0
# Sockets each client process opens at once: they come from one address, and the server holds at most
# WS_UNAUTHENTICATED_PER_ADDRESS (20) sockets per address that have not authenticated yet (core/limits.py), so up to
# four client processes stay under it.
CONNECT_CONCURRENCY = 5


def client_process(
    url: str, token: str, device_id: int, count: int, ready: Any, warm: Any, stop: Any, out: Any, kind: str = "lean"
) -> None:
    """One client process: `count` sockets subscribed to the device, each recording (first value, arrival ns) of every
    values frame; reports ready (all subscribed), warm (all received a batch), then its samples once `stop` is set."""
    if kind == "lean":
        _lean_clients(url, token, device_id, count, ready, warm, stop, out)
    else:
        asyncio.run(_clients(url, token, device_id, count, ready, warm, stop, out))


class LeanSocket:
    """A WebSocket client in as little Python as will do (RFC 6455, no extensions), so that what the clients spend
    on their own frames delays the stamps as little as possible: a browser reads its frames in C++, in its own process
    on its own machine, while these clients share the server's two cores. Only what the live channel needs: text
    frames out (masked), text, ping and close frames in (unmasked, unfragmented)."""

    def __init__(self, host: str, port: int, path: str) -> None:
        import base64
        import socket

        self.sock = socket.create_connection((host, port), timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("the server closed during the handshake")
            head += chunk
        status, _, self.buffer = head.partition(b"\r\n\r\n")
        if not status.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(f"handshake refused: {status[:80]!r}")
        self.closed = False
        self.pending: list[bytes] = []

    def send(self, payload: bytes, opcode: int = 1) -> None:
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = bytes((0x80 | opcode, 0x80 | n))
        elif n < 65536:
            head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
        key = (mask * (n // 4 + 1))[:n]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big") if n else b""
        self.sock.sendall(head + mask + masked)

    def frames(self, data: bytes) -> list[bytes]:
        """The text frames completed by `data` (pings answered, a close noted)."""
        buf = self.buffer + data if self.buffer else data
        texts: list[bytes] = []
        at = 0
        while len(buf) - at >= 2:
            opcode, n = buf[at] & 0x0F, buf[at + 1] & 0x7F
            start = at + 2
            if n == 126:
                n, start = int.from_bytes(buf[start : start + 2], "big"), start + 2
            elif n == 127:
                n, start = int.from_bytes(buf[start : start + 8], "big"), start + 8
            if len(buf) < start + n:
                break
            payload = buf[start : start + n]
            at = start + n
            if opcode == 1:
                texts.append(payload)
            elif opcode == 9:
                self.send(payload, opcode=10)
            elif opcode == 8:
                self.closed = True
        self.buffer = buf[at:]
        return texts

    def read_text(self) -> bytes:
        """The next text frame, blocking (set-up only)."""
        while not self.pending:
            self.pending.extend(self.frames(b""))
            if self.pending:
                break
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("the server closed the socket")
            self.buffer += chunk
        return self.pending.pop(0)


def _lean_clients(url: str, token: str, device_id: int, count: int, ready: Any, warm: Any, stop: Any, out: Any) -> None:
    """`count` LeanSockets read by one thread through epoll: each readable socket is read and stamped at once."""
    import selectors
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    sockets: list[LeanSocket] = []
    for _ in range(count):
        ws = LeanSocket(parts.hostname or "127.0.0.1", parts.port or 80, parts.path)
        ws.send(orjson.dumps({"op": "auth", "token": token}))
        ws.send(orjson.dumps({"op": "sub", "devices": [device_id]}))
        while True:
            first = orjson.loads(ws.read_text())
            if first.get("type") == "snapshot":
                break
            if first.get("type") == "error":
                raise RuntimeError(f"subscription refused: {first}")
        sockets.append(ws)
    samples: list[list[tuple[float, int]]] = [[] for _ in range(count)]
    selector = selectors.EpollSelector()
    for i, ws in enumerate(sockets):
        ws.sock.setblocking(False)
        selector.register(ws.sock, selectors.EVENT_READ, i)
    ready.set()
    waiting = set(range(count))
    quit_at: float | None = None
    while quit_at is None or time.monotonic() < quit_at:
        for key, _ in selector.select(0.05):
            i = key.data
            ws = sockets[i]
            try:
                data = ws.sock.recv(65536)
            except BlockingIOError:
                continue
            arrived = time.time_ns()
            if not data:
                selector.unregister(ws.sock)
                continue
            for text in ws.frames(data):
                message = orjson.loads(text)
                if message.get("type") == "values":
                    samples[i].append((message["values"][0]["v"], arrived))
                    if waiting:
                        waiting.discard(i)
                        if not waiting:
                            warm.set()
        if quit_at is None and stop.is_set():
            quit_at = time.monotonic() + 1.0  # the last batch's frames
    for ws in sockets:
        ws.sock.close()
    out.put(samples)


async def _clients(
    url: str, token: str, device_id: int, count: int, ready: Any, warm: Any, stop: Any, out: Any
) -> None:
    from websockets.asyncio.client import ClientConnection, connect

    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
    sockets: list[ClientConnection] = []
    samples: list[list[tuple[float, int]]] = [[] for _ in range(count)]
    got_one = [asyncio.Event() for _ in range(count)]

    async def open_one(i: int) -> ClientConnection:
        async with gate:
            ws = await connect(url, max_queue=None, open_timeout=30)
            await ws.send(orjson.dumps({"op": "auth", "token": token}).decode())
            await ws.send(orjson.dumps({"op": "sub", "devices": [device_id]}).decode())
            while True:
                first = orjson.loads(await ws.recv())
                if first.get("type") == "snapshot":
                    return ws
                if first.get("type") == "error":
                    raise RuntimeError(f"subscription refused: {first}")

    async def listen(i: int, ws: ClientConnection) -> None:
        mine = samples[i]
        with contextlib.suppress(Exception):
            async for raw in ws:
                arrived = time.time_ns()
                message = orjson.loads(raw)
                if message.get("type") == "values":
                    mine.append((message["values"][0]["v"], arrived))
                    got_one[i].set()

    sockets = list(await asyncio.gather(*(open_one(i) for i in range(count))))
    listeners = [asyncio.create_task(listen(i, ws)) for i, ws in enumerate(sockets)]
    ready.set()
    await asyncio.gather(*(e.wait() for e in got_one))
    warm.set()
    await asyncio.to_thread(stop.wait)
    await asyncio.sleep(1.0)  # the last batch's frames
    for ws in sockets:
        await ws.close()
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    out.put(samples)


class Baseline:
    """A plain MQTT subscriber on the device's values topic: (first value, arrival ns) of every message."""

    def __init__(self, broker: tuple[str, int], sn: str) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.samples: list[tuple[float, int]] = []
        self.subscribed = threading.Event()
        topic = f"iotyun/dev/{sn}/values"
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"iotyun-bench-sub-{os.getpid()}")

        def on_connect(client: Any, *_: Any) -> None:
            client.subscribe(topic, qos=1)

        def on_subscribe(*_: Any) -> None:
            self.subscribed.set()

        def on_message(_c: Any, _u: Any, message: Any) -> None:
            arrived = time.time_ns()
            self.samples.append((orjson.loads(message.payload)["values"][0]["v"], arrived))

        self.client.on_connect = on_connect
        self.client.on_subscribe = on_subscribe
        self.client.on_message = on_message
        self.client.connect(*broker)
        self.client.loop_start()
        if not self.subscribed.wait(10):
            raise RuntimeError("the baseline subscriber could not subscribe")

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


class Gateway:
    """The publisher: values batches at QoS 1, the first value being the batch's sequence number."""

    def __init__(self, broker: tuple[str, int], sn: str, sources: list[int]) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.topic = f"iotyun/dev/{sn}/values"
        self.sources = sources
        self.boot = int(time.time() * 1000)
        self.seq = 0
        self.sent: dict[int, int] = {}
        connected = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=sn)
        self.client.on_connect = lambda *_: connected.set()
        self.client.connect(*broker)
        self.client.loop_start()
        if not connected.wait(10):
            raise RuntimeError("the publisher could not connect")

    def send(self) -> int:
        self.seq += 1
        seq = self.seq
        now = time.time_ns()
        ts = now // 1_000_000
        values = [{"id": sid, "v": float(seq) + j / 100, "ts": ts} for j, sid in enumerate(self.sources)]
        body = orjson.dumps({"boot": self.boot, "seq": seq, "values": values})
        self.sent[seq] = time.time_ns()
        self.client.publish(self.topic, body, qos=1)
        return seq

    def run(self, rate: float, seconds: float, until: Any = None) -> range:
        """Publish at `rate` per second for `seconds` (or until `until()` is true); the sequence numbers sent."""
        first = self.seq + 1
        period = 1.0 / rate
        started = next_at = time.perf_counter()
        while time.perf_counter() - started < seconds:
            self.send()
            if until is not None and until():
                break
            next_at += period
            time.sleep(max(0.0, next_at - time.perf_counter()))
        return range(first, self.seq + 1)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def latencies(samples: list[tuple[float, int]], sent: dict[int, int], wanted: range) -> dict[int, float]:
    """Milliseconds from publish to arrival per sequence number in `wanted`."""
    out: dict[int, float] = {}
    for v, arrived in samples:
        seq = int(v)
        if seq in wanted:
            out[seq] = (arrived - sent[seq]) / 1e6
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--client-procs", type=int, default=2, help="processes the clients are spread over")
    parser.add_argument("--rate", type=float, default=20.0, help="batches per second")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--values", type=int, default=10, help="data sources (values per batch)")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    parser.add_argument(
        "--client",
        choices=["lean", "websockets"],
        default="lean",
        help="the clients' WebSocket code: lean (LeanSocket, epoll) or the websockets library (asyncio)",
    )
    args = parser.parse_args()

    ctx = mp.get_context("spawn")
    procs: list[Any] = []
    with benchlib.bench_db(args.db) as db, benchlib.mosquitto(db.tmp) as broker:
        plant = asyncio.run(benchlib.provision(db, 1, args.values))
        sn, device_id = next(iter(plant.devices.items()))
        log = db.tmp / "server.log"
        port = benchlib.free_port()
        server = benchlib.start_server(db.env(IOTYUN_MQTT_URL=f"mqtt://{broker[0]}:{broker[1]}"), port, log)
        gateway: Gateway | None = None
        baseline: Baseline | None = None
        try:
            benchlib.wait_up(f"http://127.0.0.1:{port}/api/dev/access", plant.headers)
            url = f"ws://127.0.0.1:{port}/api/v2/ws/web/rtd"
            out = ctx.Queue()
            stop = ctx.Event()
            flags = []
            per_proc = [
                args.clients // args.client_procs + (i < args.clients % args.client_procs)
                for i in range(args.client_procs)
            ]
            for count in per_proc:
                ready, warm = ctx.Event(), ctx.Event()
                flags.append((ready, warm))
                procs.append(
                    ctx.Process(
                        target=client_process,
                        args=(url, benchlib.TOKEN, device_id, count, ready, warm, stop, out, args.client),
                        daemon=True,
                    )
                )
                procs[-1].start()
            for ready, _ in flags:
                if not ready.wait(120):
                    raise RuntimeError(f"the clients did not connect; server log:\n{benchlib.log_tail(log)}")
            baseline = Baseline(broker, sn)
            gateway = Gateway(broker, sn, plant.sources)
            # Warm-up: until every client has had a batch (the server is subscribed, every path has run once).
            gateway.run(args.rate, WARMUP_MAX_S, until=lambda: all(w.is_set() for _, w in flags))
            if not all(w.is_set() for _, w in flags):
                raise RuntimeError(f"not every client received the warm-up; server log:\n{benchlib.log_tail(log)}")
            gateway.run(args.rate, 1.0)
            pids = {"server": [server.pid], "clients": [p.pid for p in procs]}
            cpu_before = {k: sum(benchlib.cpu_seconds(pid) for pid in v) for k, v in pids.items()}
            measured = gateway.run(args.rate, args.seconds)
            cpu = {k: sum(benchlib.cpu_seconds(pid) for pid in v) - cpu_before[k] for k, v in pids.items()}
            time.sleep(0.5)
            stop.set()
            per_client: list[list[tuple[float, int]]] = []
            for _ in procs:
                per_client.extend(out.get(timeout=60))
            for p in procs:
                p.join(10)
            base_samples = list(baseline.samples)
        finally:
            if gateway is not None:
                gateway.close()
            if baseline is not None:
                baseline.close()
            for p in procs:
                if p.is_alive():
                    p.terminate()
            benchlib.stop([server])

    sent = gateway.sent
    cand: list[float] = []
    last_of: dict[int, float] = {}
    lost = 0
    for samples in per_client:
        got = latencies(samples, sent, measured)
        lost += len(measured) - len(got)
        cand.extend(got.values())
        for seq, ms in got.items():
            last_of[seq] = max(ms, last_of.get(seq, 0.0))
    base_got = latencies(base_samples, sent, measured)
    base = list(base_got.values())
    c50, c99 = benchlib.percentile(cand, 50), benchlib.percentile(cand, 99)
    b50, b99 = benchlib.percentile(base, 50), benchlib.percentile(base, 99)
    extra = {
        "clients": args.clients,
        "client_procs": args.client_procs,
        "rate_per_s": args.rate,
        "seconds": args.seconds,
        "values_per_batch": args.values,
        "database": args.db,
        "client": args.client,
        "batches": len(measured),
        "samples": len(cand),
        "lost_frames": lost,
        "baseline_lost": len(measured) - len(base_got),
        "last_client_p50_ms": round(benchlib.percentile(list(last_of.values()), 50), 3),
        "last_client_p99_ms": round(benchlib.percentile(list(last_of.values()), 99), 3),
        "candidate_max_ms": round(max(cand), 3) if cand else None,
        # CPU spent while the measured batches flowed, per batch: the server (ingest + fan-out to every socket) and
        # the client processes (receiving and stamping every frame) share this machine's cores.
        "server_cpu_ms_per_batch": round(cpu["server"] * 1000 / len(measured), 3),
        "clients_cpu_ms_per_batch": round(cpu["clients"] * 1000 / len(measured), 3),
    }
    baseline_name = "plain MQTT subscriber (paho, QoS 1) on the same broker, same publishes"
    results = [
        benchlib.result(
            "live_latency",
            "live_latency_p50",
            "ms",
            c50,
            b50,
            baseline_name,
            TARGET_ADDED_P50_MS,
            lost == 0 and c50 - b50 <= TARGET_ADDED_P50_MS,
            added_ms=round(c50 - b50, 3),
            target_kind="added latency (candidate - baseline) at most target",
            target_text=f"+{TARGET_ADDED_P50_MS:g} added",
            **extra,
        ),
        benchlib.result(
            "live_latency",
            "live_latency_p99",
            "ms",
            c99,
            b99,
            baseline_name,
            TARGET_ADDED_P99_MS,
            lost == 0 and c99 - b99 <= TARGET_ADDED_P99_MS,
            added_ms=round(c99 - b99, 3),
            target_kind="added latency (candidate - baseline) at most target",
            target_text=f"+{TARGET_ADDED_P99_MS:g} added",
            **extra,
        ),
    ]
    benchlib.report("live_latency", results)
    print(
        f"context: added p50 {c50 - b50:.2f} ms, p99 {c99 - b99:.2f} ms; {len(cand)} samples "
        f"({args.clients} clients x {len(measured)} batches), lost frames {lost}; last client of each batch: "
        f"p50 {extra['last_client_p50_ms']} ms, p99 {extra['last_client_p99_ms']} ms; CPU per batch: server "
        f"{extra['server_cpu_ms_per_batch']} ms, clients {extra['clients_cpu_ms_per_batch']} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
