"""The import contracts of pyproject.toml (`make lint` runs lint-imports) hold for the code as it is, and break when a
forbidden import is added: one placed inside a function counts as much as one at the top of a module."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports with the project's contracts over the copy of the package in `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "iotyun", tmp_path / "iotyun", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _add(tree: Path, module: str, line: str) -> None:
    path = tree / module
    path.write_text(path.read_text() + f"\n\ndef _added() -> None:\n    {line}\n")


def test_the_code_keeps_every_contract(tree: Path) -> None:
    result = _lint_imports(tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("iotyun/core/deps.py", "from iotyun.auth import service  # noqa", "core imports no domain"),
        ("iotyun/auth/service.py", "from iotyun.team import service  # noqa", "auth builds on core alone"),
        ("iotyun/team/service.py", "from iotyun.devices import service  # noqa", "team builds on auth and core"),
        ("iotyun/devices/virtual/service.py", "from iotyun.templates import access  # noqa", "devices build on team"),
        ("iotyun/telemetry/ws.py", "from iotyun.sharing import rules  # noqa", "sharing builds on telemetry"),
        ("iotyun/reports/service.py", "from iotyun.sharing import rules  # noqa", "reports build on telemetry"),
        ("iotyun/templates/service.py", "from iotyun.monitor import service  # noqa", "monitor builds on telemetry"),
        (
            "iotyun/telemetry/service.py",
            "from iotyun.reports import service  # noqa",
            "nothing of the server's parts imports reports",
        ),
        ("iotyun/templates/service.py", "from iotyun.video import service  # noqa", "video builds on templates"),
        ("iotyun/video/service.py", "from iotyun.alarms import service  # noqa", "video does not reach into"),
        ("iotyun/gateway/agent.py", "from iotyun.core import config  # noqa", "the gateway agent imports nothing"),
        ("iotyun/devices/service.py", "from iotyun.demo import devices  # noqa", "nothing of the server imports it"),
        ("iotyun/alarms/service.py", "from iotyun.telemetry import realtime  # noqa", "no import cycles"),
        (
            "iotyun/reports/statistic.py",
            "import iotyun.telemetry.history  # noqa",
            "telemetry is reached through telemetry.public",
        ),
    ],
)
def test_a_forbidden_import_breaks_its_contract(tree: Path, module: str, line: str, contract: str) -> None:
    _add(tree, module, line)
    result = _lint_imports(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    broken = result.stdout.split("Broken contracts")[-1]
    assert contract in broken, result.stdout
