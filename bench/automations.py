"""Automations benchmark (issue 37 point 4): B1 at the gateway's message shape with 1,000 enabled automation rules
over the fleet's template and without any, side by side in one run.

B1 is bench/ingest.py's, through its own machinery (`ingest.measure`): points committed per second from MQTT into
history, from the first publish until every gateway's delivery cursor (committed with the rows) has reached its last
message, zero loss checked. Each phase gets its own throwaway database (the same plant, provisioned the same way) and
its own `iotyun serve` (one process; --db sqlite: SQLite and the server's own Mosquitto, each gateway connected as
itself; --db postgresql: PostgreSQL and a private Mosquitto through IOTYUN_MQTT_URL), run through
benchlib/counting_server.py so the server's own counters (the automations engine's `stats`, the rules it loaded, the
ingest's) can be reported. The plant: 100 registered gateways bound to one published template of 49 float32
measurements (history "change") and one status word (float32, history "off": a mode register read in the same poll,
its value 1 all along). Each message is one poll of one device, 50 values, as the agent publishes; every
measurement differs from its previous value, so 49 of the 50 are stored (1,000,000 points by default).

The phases differ in one thing only:

- `off`: no automation rule (the engine runs and is handed every batch, it has nothing to step);
- `on`: `--rules` (1,000) enabled rules on the template, loaded by the engine before the clock starts (the counters
  written at the server's start say how many it holds; the bench stops if that is not all of them). The mix:
  - 10 % `change` rules on the status word (a third with conditions): judged on every message, never fire (the
    status does not change);
  - 5 rules that do fire, once each: a threshold on one device (scope `device`) crossed half-way through the run,
    held 10 s, hysteresis 1; three raise a custom alarm, two forward to a `table` target (no network);
  - the rest `threshold` rules, round-robin over the 49 measurements and (one in ten) the status word: a high limit
    above the range the bench sends or a low limit below it, hold times 0–300 s, hysteresis 0–5, three in ten with
    conditions (on the status word, some `or` with a measurement), 90 % on the whole template, 5 % on the default
    group (every device), 5 % on one device; actions: a custom alarm (four in five) or a forward to the table
    target. Every value of a watched data source is judged by all the rules watching it; none of them holds.
  The per-tenant limit is 200 rules: the first 200 are created through the API (POST /yun/automation/rules, in
  process before the server starts, every field checked as for the console), the other 800 are the same kind of
  bodies, validated by the API's schema (AutomationRuleIn) and inserted directly into `automation_rule` as the service writes
  them (`service._apply`'s columns): one tenant's plant over one template, as the issue's "1,000 rules over the demo
  fleet" means, is only reachable past that limit.

The phases alternate (`--order`, default off,on,on,off: the drift of this shared machine over the run falls on both
sides). Reported: B1 of each phase (the mean over its runs), the ratio on/off (target ≥ 0.90, issue 37 point 4), the
server's CPU seconds per phase and the ratio of points per server CPU second (steadier than the rate on a busy
machine), and the engine's counters of the rules phase at the server's stop (`evaluated`:
rule-value judgements, `fired`: firings written, `reloads`), its rules loaded, and the firings and traces stored.

Usage: uv run python bench/automations.py [--db sqlite|postgresql] [--devices 100] [--sources 50] [--points 1000000]
       [--rules 1000] [--order off,on,on,off] [--timeout 300]
Writes bench/results/automations_<db>.json (DESIGN §4 fields) and prints `metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import dataclasses
import os
import sys
from datetime import UTC, datetime
from typing import Any

import benchlib
import ingest
from sqlalchemy import func, insert, select

TARGET_RATIO = 0.9
STATUS = 1.0
FIRING_RULES = 5
HOLD_CYCLE = (0, 5, 10, 30, 60, 300)
HYSTERESIS_CYCLE = (0.0, 0.5, 1.0, 2.0, 5.0)


def rule_bodies(plant: benchlib.Plant, status: int, group_id: int, target_id: int, n: int, steps: int) -> list[Any]:
    """The `n` rules of the module's docstring, as the API's AutomationRuleIn (validated)."""
    from iotyun.automations.schemas import AutomationRuleIn

    measured = plant.sources
    m = len(measured) + 1  # the values ingest.batches_of sends: measurement j at step s is s * m + j + 0.5
    devices = list(plant.devices.values())
    bodies: list[dict[str, Any]] = []

    def action(i: int) -> dict[str, Any]:
        if i % 5 == 4:
            return {"kind": "forward", "target_id": target_id, "source_ids": []}
        return {"kind": "alarm", "mode": "raise", "name": f"R{i}", "level": 1 + i % 5, "info": "bench"}

    def scope(i: int) -> dict[str, Any]:
        if i % 20 == 7:
            return {"scope": "group", "scope_id": group_id}
        if i % 20 == 13:
            return {"scope": "device", "scope_id": devices[i % len(devices)]}
        return {"scope": "template", "scope_id": None}

    for k in range(FIRING_RULES):
        j = k * 7 % len(measured)
        crossing = steps // 2 * m + j  # held from half-way through the run
        bodies.append(
            {
                "name": f"fires {k}",
                "scope": "device",
                "scope_id": devices[k],
                "trigger": {
                    "kind": "threshold",
                    "source_id": measured[j],
                    "op": "gt",
                    "value": crossing,
                    "hold_s": 10,
                    "hysteresis": 1.0,
                },
                "actions": [action(k if k < 3 else 4)],
            }
        )
    changes = n // 10
    for i in range(changes):
        conditions: dict[str, Any] = {}
        if i % 3 == 0:
            conditions = {"join": "and", "items": [{"source_id": measured[i % len(measured)], "op": "gt", "value": 0}]}
        bodies.append(
            {
                "name": f"status {i}",
                **scope(i),
                "trigger": {"kind": "change", "source_id": status},
                "conditions": conditions or {"join": "and", "items": []},
                "actions": [action(i)],
            }
        )
    i = 0
    while len(bodies) < n:
        on_status = i % 10 == 9
        source = status if on_status else measured[i % len(measured)]
        high = i % 2 == 0
        if on_status:
            trigger = {"op": "gt", "value": 3 + i % 5} if high else {"op": "lt", "value": -(i % 5)}
        else:
            # above everything the run sends (steps * m) or below it
            trigger = {"op": "gt" if i % 4 else "ge", "value": steps * m * 2 + i} if high else {"op": "lt", "value": -i}
        conditions = {"join": "and", "items": []}
        if i % 10 in (1, 4, 8):
            items = [{"source_id": status, "op": "eq", "value": STATUS}]
            if i % 10 == 8:
                items.append({"source_id": measured[(i + 1) % len(measured)], "op": "gt", "value": 10})
            conditions = {"join": "or" if i % 20 == 8 else "and", "items": items}
        bodies.append(
            {
                "name": f"limit {i}",
                **scope(i),
                "trigger": {
                    "kind": "threshold",
                    "source_id": source,
                    **trigger,
                    "hold_s": HOLD_CYCLE[i % len(HOLD_CYCLE)],
                    "hysteresis": HYSTERESIS_CYCLE[i % len(HYSTERESIS_CYCLE)],
                },
                "conditions": conditions,
                "actions": [action(i)],
            }
        )
        i += 1
    base = {"enabled": True, "template_id": plant.template_id, "description": "bench", "rate_per_minute": 6}
    return [AutomationRuleIn.model_validate(base | conditions_default(b)) for b in bodies[:n]]


def conditions_default(body: dict[str, Any]) -> dict[str, Any]:
    return {"conditions": {"join": "and", "items": []}, **body}


async def add_rules(db: benchlib.BenchDb, plant: benchlib.Plant, status: int, n: int, steps: int) -> int:
    """A `table` forward target and `n` enabled rules (the module's docstring); the first 200 through the API, the
    rest inserted as the service writes them. Answers the rules stored."""
    import httpx

    from iotyun.app import create_app
    from iotyun.automations.models import AutomationRule
    from iotyun.automations.service import RULES_PER_TENANT_MAX
    from iotyun.core.config import Settings
    from iotyun.core.db import Database
    from iotyun.devices.models import DeviceGroup

    settings = Settings(data_dir=db.tmp, database_url=db.url, captcha="off", telemetry="off", log_level="WARNING")
    database = Database(db.url)
    try:
        async with database.sessionmaker() as session:
            group_id = int((await session.execute(select(DeviceGroup.id).where(DeviceGroup.is_default))).scalar_one())
    finally:
        await database.dispose()
    app = create_app(settings)
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench", headers=plant.headers) as http:

            async def call(path: str, body: dict[str, Any]) -> Any:
                resp = (await http.post("/api" + path, json=body)).json()
                if resp["meta"]["success"] != 1:
                    raise RuntimeError(f"{path} refused: {resp}")
                return resp["data"]

            target = await call("/yun/automation/targets", {"name": "bench table", "kind": "table", "config": {}})
            bodies = rule_bodies(plant, status, group_id, int(target["id"]), n, steps)
            for body in bodies[:RULES_PER_TENANT_MAX]:
                await call("/yun/automation/rules", body.model_dump(mode="json"))
    finally:
        await app.state.db.dispose()
    database = Database(db.url)
    try:
        async with database.sessionmaker() as session:
            tenant_id = int(plant.headers["X-Tenant"])
            owner_id = int(plant.headers["X-User"])
            rows = [
                {
                    "tenant_id": tenant_id,
                    "owner_id": owner_id,
                    "version": 1,
                    "name": b.name,
                    "description": b.description,
                    "enabled": b.enabled,
                    "template_id": b.template_id,
                    "scope": b.scope,
                    "scope_id": b.scope_id,
                    "trigger": b.trigger.model_dump(mode="json"),
                    "conditions": b.conditions.model_dump(mode="json"),
                    "actions": [a.model_dump(mode="json") for a in b.actions],
                    "rate_per_minute": b.rate_per_minute,
                }
                for b in bodies[RULES_PER_TENANT_MAX:]
            ]
            if rows:
                await session.execute(insert(AutomationRule), rows)
            await session.commit()
            return int((await session.execute(select(func.count()).select_from(AutomationRule))).scalar_one())
    finally:
        await database.dispose()


async def outcome(db: benchlib.BenchDb) -> dict[str, int]:
    """Firings and traces stored, custom alarms raised, rows forwarded."""
    from iotyun.automations.models import AutomationFiring, AutomationForwardRow, AutomationTrace
    from iotyun.core.db import Database

    database = Database(db.url)
    try:
        async with database.sessionmaker() as session:

            async def count(model: Any) -> int:
                return int((await session.execute(select(func.count()).select_from(model))).scalar_one())

            return {
                "firings_stored": await count(AutomationFiring),
                "traces_stored": await count(AutomationTrace),
                "rows_forwarded": await count(AutomationForwardRow),
            }
    finally:
        await database.dispose()


def run_phase(kind: str, rules: int, args: argparse.Namespace) -> dict[str, Any]:
    status_spec = {
        "name": "STATUS",
        "data_type": "float32",
        "address": 4 * (args.sources - 1),
        "rw": "r",
        "decimals": 0,
        "history": "off",
    }
    with benchlib.bench_db(kind) as db:
        plant = asyncio.run(benchlib.provision(db, args.devices, args.sources - 1, extra_sources=[status_spec]))
        status = plant.extra_sources[0]
        steps = max(1, args.points // (args.devices * (args.sources - 1)))
        stored_rules = asyncio.run(add_rules(db, plant, status, rules, steps)) if rules else 0
        shaped = dataclasses.replace(plant, sources=[*plant.sources, status])
        run = ingest.measure(
            db,
            shaped,
            points=args.points,
            embedded=kind == "sqlite",
            timeout=args.timeout,
            steady={status: STATUS},
        )
        found = asyncio.run(outcome(db))
    started = run.counters.get("started", {})
    stopped = run.counters.get("stopped", {})
    if started.get("rules_loaded") != stored_rules:
        raise RuntimeError(f"the engine loaded {started.get('rules_loaded')} rules of {stored_rules}")
    engine = stopped.get("automations", {})
    return {
        "phase": "on" if rules else "off",
        "rules": stored_rules,
        "rules_loaded_at_start": started.get("rules_loaded"),
        "ingest_points_s": round(run.points_s, 1),
        "points": run.total,
        "seconds": round(run.elapsed, 3),
        "zero_loss": run.zero_loss,
        "server_cpu_s": round(run.server_cpu, 2),
        "points_per_server_cpu_s": round(run.total / run.server_cpu, 1) if run.server_cpu else None,
        "values_accepted": stopped.get("ingest", {}).get("values"),
        "engine_evaluated": engine.get("evaluated", 0),
        "engine_fired": engine.get("fired", 0),
        "engine_stats": engine,
        **found,
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--devices", type=int, default=100)
    parser.add_argument("--sources", type=int, default=50, help="values a message: measurements and one status word")
    parser.add_argument("--points", type=int, default=1_000_000, help="points stored a phase (whole steps)")
    parser.add_argument("--rules", type=int, default=1000)
    parser.add_argument("--order", default="off,on,on,off", help="the phases in order, e.g. off,on")
    parser.add_argument("--timeout", type=float, default=300, help="seconds to wait for a phase's last commit")
    args = parser.parse_args()
    order = [p.strip() for p in args.order.split(",") if p.strip()]
    if not order or set(order) - {"off", "on"} or {"off", "on"} - set(order):
        parser.error("--order names both phases, off and on")
    if args.rules < FIRING_RULES + 10 or args.sources < 2:
        parser.error(f"--rules at least {FIRING_RULES + 10}, --sources at least 2")

    phases = []
    for name in order:
        print(
            f"phase {name}: {args.rules if name == 'on' else 0} rules, {args.points} points over {args.devices} devices"
        )
        phase = run_phase(args.db, args.rules if name == "on" else 0, args)
        print({k: v for k, v in phase.items() if not isinstance(v, dict)})
        phases.append(phase)

    def mean(name: str, key: str) -> float:
        values = [float(p[key]) for p in phases if p["phase"] == name]
        return sum(values) / len(values)

    on_rate, off_rate = mean("on", "ingest_points_s"), mean("off", "ingest_points_s")
    zero_loss = all(p["zero_loss"] for p in phases)
    on = [p for p in phases if p["phase"] == "on"]
    results = [
        benchlib.result(
            "automations",
            "ingest_points_per_s_with_rules",
            "points/s",
            on_rate,
            off_rate,
            "the same B1 run without automation rules (mean of each phase's runs, alternated)",
            TARGET_RATIO,
            zero_loss and off_rate > 0 and on_rate / off_rate >= TARGET_RATIO,
            target_text=f">={TARGET_RATIO}x",
            database=args.db,
            devices=args.devices,
            values_per_message=args.sources,
            rules=args.rules,
            order=order,
            zero_loss=zero_loss,
            server_cpu_s_on=round(mean("on", "server_cpu_s"), 2),
            server_cpu_s_off=round(mean("off", "server_cpu_s"), 2),
            # Points per server CPU second hardly depend on what else this shared machine does; the rate does.
            points_per_server_cpu_s_ratio=round(
                mean("on", "points_per_server_cpu_s") / mean("off", "points_per_server_cpu_s"), 3
            ),
            engine_evaluated=[p["engine_evaluated"] for p in on],
            engine_fired=[p["engine_fired"] for p in on],
            phases=phases,
            load_average_1m=round(os.getloadavg()[0], 2),
            cpus=os.cpu_count(),
            measured_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
    ]
    benchlib.report(f"automations_{args.db}", results)
    last = on[-1]
    print(
        f"context: rules phase: {last['rules']} rules loaded, {last['engine_evaluated']:,} rule-value judgements, "
        f"{last['engine_fired']} fired ({last['firings_stored']} firings, {last['traces_stored']} traces, "
        f"{last['rows_forwarded']} rows forwarded); server CPU on/off {mean('on', 'server_cpu_s'):.1f} / "
        f"{mean('off', 'server_cpu_s'):.1f} s; zero loss {zero_loss}; load average {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
