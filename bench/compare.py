"""Nothing slower (issue 33 point 8): each benchmark entry's ratio to its own same-run baseline, as bench/results
holds it now, against the same entry at a git revision (default HEAD, the figures recorded before the run).

An entry regresses when its ratio moved more than --tolerance (default 10 %) the wrong way: up for what is better
lower (ms, s, µs, KB, %, requests, digests), down for what is better higher (anything per second, fps, devices,
messages). Entries are matched by file, name and metric; an entry with no baseline (ratio null) is compared on its
candidate. `make bench` runs it last.

Usage: uv run python bench/compare.py [--against REV] [--tolerance 0.10]
Prints `file metric before after change verdict` and exits 1 when anything regressed."""

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
LOWER_IS_BETTER = {"ms", "s", "µs", "KB", "%", "requests", "digests"}


def higher_is_better(unit: str) -> bool:
    return unit not in LOWER_IS_BETTER


def figure(entry: dict[str, Any]) -> float | None:
    value = entry.get("ratio")
    if value is None:
        value = entry.get("candidate")
    return float(value) if isinstance(value, int | float) else None


def recorded(rev: str, name: str) -> list[dict[str, Any]] | None:
    path = f"bench/results/{name}"
    git = shutil.which("git") or "git"
    done = subprocess.run([git, "show", f"{rev}:{path}"], capture_output=True, text=True, cwd=RESULTS.parent.parent)
    if done.returncode != 0:
        return None
    entries: list[dict[str, Any]] = json.loads(done.stdout)
    return entries


def change(before: float, after: float, unit: str) -> float:
    """How much worse `after` is than `before`, as a fraction (negative: better)."""
    if before == 0:
        return 0.0 if after == 0 else float("inf")
    moved = (after - before) / abs(before)
    return -moved if higher_is_better(unit) else moved


def compare(rev: str, tolerance: float) -> list[tuple[str, str, float | None, float | None, float | None, str]]:
    rows: list[tuple[str, str, float | None, float | None, float | None, str]] = []
    for path in sorted(RESULTS.glob("*.json")):
        now: list[dict[str, Any]] = json.loads(path.read_text())
        old = recorded(rev, path.name)
        keyed = {(e["name"], e["metric"]): e for e in old or []}
        for entry in now:
            after = figure(entry)
            was = keyed.get((entry["name"], entry["metric"]))
            before = figure(was) if was else None
            if before is None or after is None:
                rows.append((path.stem, entry["metric"], before, after, None, "new"))
                continue
            worse = change(before, after, entry["unit"])
            rows.append((path.stem, entry["metric"], before, after, worse, "REGRESSED" if worse > tolerance else "ok"))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="HEAD")
    parser.add_argument("--tolerance", type=float, default=0.10)
    args = parser.parse_args()
    rows = compare(args.against, args.tolerance)
    width = max([30, *(len(m) + 2 for _, m, *_ in rows)])
    print(f"{'file':<28}{'metric':<{width}}{'before':>10}{'after':>10}{'worse by':>10}  verdict")
    for stem, metric, before, after, worse, verdict in rows:
        b = "-" if before is None else f"{before:.4g}"
        a = "-" if after is None else f"{after:.4g}"
        w = "-" if worse is None else f"{worse * 100:+.0f} %"
        print(f"{stem:<28}{metric:<{width}}{b:>10}{a:>10}{w:>10}  {verdict}")
    regressed = sum(1 for row in rows if row[5] == "REGRESSED")
    print(
        f"{regressed} of {len(rows)} entries regressed by more than {args.tolerance * 100:.0f} % against {args.against}"
    )
    return 1 if regressed else 0


if __name__ == "__main__":
    sys.exit(main())
