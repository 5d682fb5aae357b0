"""`iotyun serve --workers N`: several server processes on one port, each with its own app."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def test_serve_with_two_workers(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "IOTYUN_DATA_DIR": str(tmp_path),
        "IOTYUN_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}",
        "IOTYUN_LOG_LEVEL": "WARNING",
        # N workers share an external broker (each would otherwise start an embedded one); it need not answer here.
        "IOTYUN_MQTT_URL": "mqtt://127.0.0.1:1883",
    }
    port = _free_port()
    proc = subprocess.Popen(  # noqa: S603 - our own CLI, fixed arguments
        [sys.executable, "-m", "iotyun.cli", "serve", "--port", str(port), "--workers", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        # Two workers each migrate-check and start a whole app: with the machine loaded to 10 (a CI run beside other
        # work) that took over a minute. The deadline only bounds a server that never comes up.
        deadline = time.monotonic() + 240
        body: dict[str, object] = {}
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                url = f"http://127.0.0.1:{port}/api/yun/sys/info/timestamp"
                with urllib.request.urlopen(url, timeout=2) as resp:
                    body = json.loads(resp.read())
                if len(_children(proc.pid)) >= 2:
                    break
            except OSError:
                pass
            time.sleep(0.3)
        assert body.get("data"), (
            body,
            proc.poll(),
            proc.stderr.read() if proc.poll() is not None and proc.stderr else "",
        )
        # uvicorn's supervisor and its two workers (plus multiprocessing's resource tracker).
        assert len(_children(proc.pid)) >= 2
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def test_workers_need_an_external_broker(tmp_path: Path) -> None:
    env = {**os.environ, "IOTYUN_DATA_DIR": str(tmp_path), "IOTYUN_MQTT_URL": "", "IOTYUN_LOG_LEVEL": "WARNING"}
    env["IOTYUN_DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    done = subprocess.run(  # noqa: S603 - our own CLI, fixed arguments
        [sys.executable, "-m", "iotyun.cli", "serve", "--port", str(_free_port()), "--workers", "2", "--no-migrate"],
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and b"IOTYUN_MQTT_URL" in done.stderr


def test_live_sockets_are_not_compressed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both ways of serving hand uvicorn no permessage-deflate: each socket's copy of a values message was compressed
    on its own, a fifth of the server's CPU for 200 sockets (docs/decisions.md "Live values to many sockets")."""
    import uvicorn

    from iotyun import cli
    from iotyun.core.config import get_settings

    seen: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: seen.append(kw))
    monkeypatch.setenv("IOTYUN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("IOTYUN_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("IOTYUN_MQTT_URL", "mqtt://127.0.0.1:1883")
    get_settings.cache_clear()
    try:
        assert cli.main(["serve", "--no-migrate", "--port", str(_free_port())]) == 0
        assert cli.main(["serve", "--no-migrate", "--port", str(_free_port()), "--workers", "2"]) == 0
    finally:
        get_settings.cache_clear()
    assert [kw["ws_per_message_deflate"] for kw in seen] == [False, False]
    assert {kw["ws"] for kw in seen} == {"websockets-sansio"}
    # Idle connections outlive a load balancer's usual 60 s idle timeout: the balancer closes first, never the server
    # under a request it is sending (a reset, a 502).
    assert [kw["timeout_keep_alive"] for kw in seen] == [cli.KEEP_ALIVE_S] * 2 and cli.KEEP_ALIVE_S > 60


def test_operators_are_made_on_the_server(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`iotyun operator create | list | disable | enable` (issue 35): the one way an operator account is made. In this
    process, as the test below: a process per command spent some 7 s of the suite's processor time each importing
    the app (the `serve` tests above run the command as its own process)."""
    from iotyun import cli
    from iotyun.core.config import get_settings

    monkeypatch.setenv("IOTYUN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("IOTYUN_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("IOTYUN_OPERATOR_PASSWORD", "long-enough-secret")
    get_settings.cache_clear()

    def run(*args: str) -> tuple[int, str]:
        capsys.readouterr()
        done = cli.main(["operator", *args])
        return done, capsys.readouterr().out

    try:
        assert run("create", "opsmain", "--scope", "statistics,users")[0] == 0
        assert run("create", "opsmain")[0] == 2
        assert run("create", "opsbad", "--scope", "everything")[0] == 2
        assert run("disable", "opsmain")[0] == 0
        listed = run("list")
        assert listed[1].split() == ["opsmain", "disabled", "statistics,users"]
    finally:
        get_settings.cache_clear()


def test_an_operators_contacts_are_set_on_the_server(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """`iotyun operator create --email --phone` and `iotyun operator contact` (issue 35 point 3): where the platform's
    alerts reach an operator, validated as PUT /administrator/me validates them. In this process, as the
    uvicorn test above runs `serve`: a process per command would migrate a new database each time."""
    from iotyun import cli
    from iotyun.core.config import get_settings

    monkeypatch.setenv("IOTYUN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("IOTYUN_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("IOTYUN_OPERATOR_PASSWORD", "long-enough-secret")
    get_settings.cache_clear()

    def run(*args: str) -> tuple[int, str]:
        capsys.readouterr()
        caplog.clear()
        done = cli.main(["operator", *args])
        said = capsys.readouterr()
        return done, said.out.strip() or said.err + caplog.text

    try:
        made = run(
            "create", "opswatch", "--scope", "monitoring", "--email", "Watch@Example.com", "--phone", "13800000001"
        )
        assert made[0] == 0, made
        # Every channel with an address by default; a flag left out keeps its value.
        shown = run("contact", "opswatch")
        assert shown == (0, "operator opswatch: email watch@example.com, phone 13800000001, alerts email,sms")
        assert run("contact", "opswatch", "--alerts", "sms")[1].endswith("alerts sms")
        # Cleared, the phone leaves the channels chosen.
        assert run("contact", "opswatch", "--phone", "")[1].endswith("phone -, alerts none")
        refused = [
            run("contact", "opswatch", "--email", "not-an-address"),
            run("contact", "opswatch", "--phone", "12345"),
            run("contact", "opswatch", "--alerts", "sms"),
            run("contact", "opswatch", "--alerts", "wechat"),
            run("contact", "nobody", "--email", "a@example.com"),
            run("create", "opsbad", "--email", "not-an-address"),
        ]
        assert [code for code, _ in refused] == [2] * 6
        assert "email: The email address is not valid" in refused[0][1]
        assert "phone: Enter an 11-digit phone number" in refused[1][1] and "phone: " in refused[2][1]
        assert "no operator named 'nobody'" in refused[4][1]
        assert run("contact", "opswatch", "--alerts", "default")[1].endswith("alerts email")
        assert run("list")[1].split() == ["opswatch", "active", "monitoring"]
    finally:
        get_settings.cache_clear()
