"""`iotyun serve` that also writes the server's own counters, for the benchmarks that report them
(benchlib.start_server's `counters`): `python bench/benchlib/counting_server.py <counters.json> serve …`.

The app is the one `iotyun serve` builds (iotyun.cli, same flags, same lifespan); this adds one start hook and one
stop hook (app.state.on_start / on_stop, what the demo uses) writing `{"at", "automations": engine stats,
"rules_loaded", "ingest": ingest stats}`: at start once the automations engine has loaded its rules (the lifespan
awaits its start before the hooks), and at stop after the engine has written every decision taken (`idle`). Nothing
else changes: the counters live in the server's process, and no route or setting exposes them.
"""

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

import iotyun.app
import iotyun.cli


def counters(app: Any) -> dict[str, Any]:
    engine = app.state.automations
    return {
        "at": time.time(),
        "automations": dict(engine.stats),
        "rules_loaded": len(engine.rules),
        "ingest": dict(app.state.telemetry.ingest.stats),
    }


def main() -> int:
    out = Path(sys.argv[1])
    build = iotyun.app.create_app

    def create_app(settings: Any = None) -> Any:
        app = build(settings)

        written: dict[str, Any] = {}

        async def started(app: Any) -> None:
            written["started"] = counters(app)
            await asyncio.to_thread(out.write_text, json.dumps(written))

        async def stopping(app: Any) -> None:
            await app.state.automations.idle()
            written["stopped"] = counters(app)
            await asyncio.to_thread(out.write_text, json.dumps(written))

        app.state.on_start.append(started)
        app.state.on_stop.append(stopping)
        return app

    iotyun.app.create_app = create_app  # iotyun.cli imports it from iotyun.app when it serves
    return iotyun.cli.main(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
