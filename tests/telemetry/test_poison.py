"""One gateway cannot stop or corrupt ingest for anyone else (issue 12, point 1): while tenant A's gateway streams,
tenant B's gateway sends every kind of poison message. A's values keep arriving, live and stored; nothing of B's
poison is stored; the history writer never retries forever on a row the database refuses (it sets the row aside and
stores the rest); a slow state write does not hold values up."""

import asyncio
import json
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.devices.models import Gateway
from iotyun.telemetry.models import history_hour, history_value, ingest_cursor
from iotyun.telemetry.mqtt import AckOrder
from iotyun.telemetry.store import HistoryWriter
from tests.conftest import Api
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, make_plant, now_ms

# A stall is what this catches (before the fix: 38 s for state messages, forever for a refused batch), not speed:
# the bound is wide so that a busy machine never fails it, and B's poison goes out ahead of each of A's values, so a
# stall behind any of it shows. Speed is bench/'s to measure.
STALL_S = 20.0


async def rows_of(app: FastAPI, device_id: int) -> list[tuple[int, int, float | None, str | None]]:
    hv = history_value.c
    async with app.state.db.sessionmaker() as s:
        stmt = select(hv.data_source_id, hv.ts, hv.value, hv.text).where(hv.device_id == device_id)
        return [
            (int(r[0]), int(r[1]), r[2], r[3])
            for r in (await s.execute(stmt.order_by(hv.ts, hv.data_source_id, hv.value))).all()
        ]


class Streamer:
    """Tenant A's gateway: sends one new pressure value at a time and checks it arrives live, then stored."""

    def __init__(self, app: FastAPI, plant: Plant, gw: FakeGateway) -> None:
        self.app, self.plant, self.gw = app, plant, gw
        self.sent: list[float] = []
        self.ts = now_ms() - 3_600_000

    async def one(self) -> None:
        self.ts += 1000
        value = round(0.001 * (len(self.sent) + 1), 3)
        self.sent.append(value)
        source = self.plant.sources["出水压力"]
        await self.gw.send([{"id": source, "v": value, "ts": self.ts}])
        cache = self.app.state.telemetry.cache
        await eventually(lambda: cache.get(self.plant.device_id).get(source, (None,))[0] == value, within=STALL_S)
        await eventually(lambda: self._stored(value), within=STALL_S)

    async def _stored(self, value: float) -> bool:
        return value in [r[2] for r in await rows_of(self.app, self.plant.device_id)]


def poison(b: Plant) -> list[tuple[str, Any]]:
    """(kind, message) pairs: "values" batches (bytes or a dict with boot/seq of its own) and "state" messages."""
    s = b.sources
    t = now_ms()
    p, text, temp = s["出水压力"], s["状态字"], s["温度"]
    ok = {"id": p, "v": 0.5, "ts": t}
    nested = b"[" * 5000 + b"1" + b"]" * 5000
    return [
        ("values", {"boot": 2**63, "seq": 1, "values": [ok]}),
        ("values", {"boot": 1, "seq": 2**64, "values": [ok]}),
        ("values", {"boot": -1, "seq": 1, "values": [ok]}),
        ("values", {"boot": "1", "seq": 1.5, "values": [ok]}),
        ("values", {"boot": True, "seq": 1, "values": [ok]}),
        ("values", {"values": [{"id": text, "v": "RUN\u0000", "ts": t}]}),
        ("values", {"values": [{"id": text, "v": "\u0000", "ts": t}]}),
        ("values", {"values": [{"id": text, "v": "长" * 300, "ts": t}]}),
        ("values", {"values": [{"id": temp, "v": 2**70, "ts": t}]}),
        ("values", {"values": [{"id": temp, "v": 40000, "ts": t}]}),
        ("values", {"values": [{"id": temp, "v": -(2**200), "ts": t}]}),
        ("values", {"values": [{"id": p, "v": 1e39, "ts": t}]}),
        ("values", {"values": [{"id": p, "v": 10**400, "ts": t}]}),
        ("values", {"values": [{"id": p, "v": 0.1, "ts": 2**70}]}),
        ("values", {"values": [{"id": 2**70, "v": 0.1, "ts": t}]}),
        ("values", {"values": [{"id": p, "v": {"nested": [1, 2]}, "ts": t}]}),
        ("values", {"values": [{"id": p, "v": [0.1], "ts": t}]}),
        ("values", {"values": [{"id": str(p), "v": 0.1, "ts": t}]}),
        ("values", {"values": [[p, 0.1, t]]}),
        ("values", {"values": [ok] * 1001}),
        ("values", b'{"values": ' + nested + b"}"),
        ("values", b'{"values": [' + b'{"id": 1, "v": 1, "ts": 1},' * 20000 + b"{}]}"),
        ("values", b"\xff\xfe not utf-8"),
        ("values", b"[]"),
        *[("state", {"state": "online", "ip": "1" * 5000, "firmware_version": "9" * 5000}) for _ in range(5)],
        ("state", {"state": "online", "ip": "10.0.0.5\u0000", "firmware_version": "v1\u0000"}),
        ("state", {"state": "online", "ip": ["10.0.0.5"], "firmware_version": {"v": 1}}),
        ("state", {"state": {"online": True}}),
    ]


class TestPoison:
    async def test_poison_from_one_tenant_never_stops_another(
        self, app: FastAPI, team: Team, other_tenant: Api
    ) -> None:
        a = await make_plant(team.admin)
        b = await make_plant(other_tenant)
        stats = app.state.telemetry.ingest.stats
        async with FakeGateway(app, a.sn) as gw_a, FakeGateway(app, b.sn) as gw_b:
            streamer = Streamer(app, a, gw_a)
            await streamer.one()
            for kind, message in poison(b):
                if kind == "state":
                    await gw_b.state(**message)
                elif isinstance(message, bytes):
                    await gw_b.send([], raw=message)
                else:
                    await gw_b.send([], raw=json.dumps(message).encode())  # integers beyond 64 bits too
                await streamer.one()
            # B's good value after all that is stored too: B is refused value by value, not shut out.
            await gw_b.send([{"id": b.sources["出水压力"], "v": 0.25, "ts": now_ms()}])
            await eventually(lambda: _has(app, b.device_id, 0.25), within=10)
            await app.state.telemetry.idle()
        assert [r[2] for r in await rows_of(app, a.device_id)] == streamer.sent
        assert [r[2:] for r in await rows_of(app, b.device_id)] == [(0.25, None)]
        async with app.state.db.sessionmaker() as s:
            cursors = (await s.execute(select(ingest_cursor.c.boot, ingest_cursor.c.seq))).all()
            ip, firmware = (
                await s.execute(select(Gateway.ip, Gateway.firmware_version).where(Gateway.sn == b.sn))
            ).one()
        assert all(boot < 2**63 and seq < 2**63 for boot, seq in cursors)
        assert len(ip) <= 45 and "\x00" not in ip and len(firmware) <= 32 and "\x00" not in firmware
        assert stats["rejected_bad_sequence"] == 5 and stats["rejected_bad_text"] == 3
        assert stats["rejected_out_of_range"] == 4 and stats["rejected_too_many_values"] == 1
        assert stats["rejected_too_large"] == 1
        assert stats["rejected_bad_state_field"] >= 12
        assert app.state.telemetry.writer.set_aside == 0  # every poison was refused before it was queued

    async def test_a_slow_state_write_does_not_hold_values_up(
        self, app: FastAPI, team: Team, other_tenant: Api
    ) -> None:
        a = await make_plant(team.admin)
        b = await make_plant(other_tenant)
        telemetry = app.state.telemetry
        release = asyncio.Event()
        real = telemetry.ingest.state_handler

        async def slow(config: Any, online: bool, info: dict[str, str]) -> None:
            if config.sn == b.sn:
                await release.wait()  # a database that takes its time over B's state
            await real(config, online, info)

        telemetry.ingest.state_handler = slow
        try:
            async with FakeGateway(app, a.sn) as gw_a, FakeGateway(app, b.sn) as gw_b:
                streamer = Streamer(app, a, gw_a)
                for i in range(5):
                    await gw_b.state("online", ip=f"10.0.0.{i + 1}")
                    await streamer.one()
                release.set()
        finally:
            release.set()
            telemetry.ingest.state_handler = real
        assert [r[2] for r in await rows_of(app, a.device_id)] == streamer.sent


async def _has(app: FastAPI, device_id: int, value: float) -> bool:
    return value in [r[2] for r in await rows_of(app, device_id)]


class TestWriter:
    """The history writer itself, given rows the database refuses (the ingest's checks keep them out; these are
    what a check would have missed)."""

    async def test_a_refused_row_is_set_aside_and_the_rest_stored_in_order(self, app: FastAPI) -> None:
        writer: HistoryWriter = app.state.telemetry.writer
        acked: list[int] = []
        t = now_ms() - 86_400_000
        poison_text = "bad\x00" if writer.postgres else None
        for i in range(40):
            rows: list[Any] = [(900001, 1, t + i, float(i), None), (900001, 2, t + i, None, "ok")]
            if i == 17:
                rows.append((900001, 4, 2**63, 1.0, None))  # beyond BIGINT on both databases
            if i == 23 and poison_text is not None:
                rows.append((900001, 3, t + i, None, poison_text))
            writer.add(rows, 777001, (1, i + 1), lambda i=i: acked.append(i))  # type: ignore[misc]
            if i == 30:
                writer.add([], 777009, (2**63, 1), lambda: acked.append(-1))  # a cursor beyond BIGINT
        await app.state.telemetry.idle()
        assert acked == [*range(31), -1, *range(31, 40)]  # every message acknowledged, in order
        async with app.state.db.sessionmaker() as s:
            hv = history_value.c
            stored = (await s.execute(select(hv.data_source_id, hv.ts).where(hv.device_id == 900001))).all()
            cursor_row = (
                await s.execute(select(ingest_cursor.c.seq).where(ingest_cursor.c.gateway_id == 777001))
            ).scalar_one()
            hour_count = sum(
                (await s.execute(select(history_hour.c.count).where(history_hour.c.device_id == 900001))).scalars()
            )
        assert sorted(stored) == sorted((sid, t + i) for i in range(40) for sid in (1, 2))  # once each
        assert hour_count == 40 and cursor_row == 40
        assert writer.set_aside == (3 if poison_text is not None else 2)

    async def test_the_database_away_keeps_everything_and_retries(
        self, app: FastAPI, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        writer: HistoryWriter = app.state.telemetry.writer
        acked: list[int] = []
        fail = {"n": 3}
        real = writer._write

        async def flaky(conn: Any, rows: Any, cursors: Any) -> None:
            await real(conn, rows, cursors)  # everything written, then the connection is lost before COMMIT
            if fail["n"] > 0:
                fail["n"] -= 1
                raise ConnectionResetError("connection lost")

        monkeypatch.setattr(writer, "_write", flaky)
        t = now_ms() - 86_400_000
        for i in range(10):
            writer.add([(900002, 1, t + i, float(i), None)], 777002, (1, i + 1), lambda i=i: acked.append(i))  # type: ignore[misc]
        with pytest.raises(ConnectionResetError):
            await writer.flush()
        assert acked == [] and writer.backlog() == 10  # nothing acknowledged, everything kept
        await eventually(lambda: len(acked) == 10, within=20)
        async with app.state.db.sessionmaker() as s:
            hv = history_value.c
            values = (await s.execute(select(hv.value).where(hv.device_id == 900002).order_by(hv.ts))).scalars().all()
        assert values == [float(i) for i in range(10)] and writer.set_aside == 0


class TestAckOrder:
    def test_acknowledgements_leave_in_receive_order(self) -> None:
        """A message handled early (a state message, a refused batch) is acknowledged only after every message that
        arrived before it: MQTT requires PUBACKs in receive order, and the broker may forget a message once acked."""
        sent: list[int] = []

        class Paho:
            def ack(self, mid: int, qos: int) -> None:
                sent.append(mid)

        order = AckOrder(Paho())
        done = [order.ticket(mid, 1) for mid in (1, 2, 3, 4)]
        qos0 = order.ticket(5, 0)
        done[2]()
        done[3]()
        assert sent == []
        done[0]()
        assert sent == [1]
        done[1]()
        done[1]()  # twice is once
        assert sent == [1, 2, 3, 4]
        order.closed = True  # the connection is gone: the broker delivers again whatever was not acknowledged
        qos0()
        assert sent == [1, 2, 3, 4] and order.pending() == 0
