"""The gateway's side of an upgrade (docs/device-protocol.md "Upgrades", docs/gateway.md "Upgrades"): the download
resumes where a cut network left it and renews an expired link, a package that is not what its SHA-256 says is
refused and the gateway stays on its version, a command is handled once; releases unpack safely, go on trial and
come back; the supervisor restarts into a new release and returns to the previous one when it dies or stays silent."""

import asyncio
import hashlib
import io
import json
import tarfile
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from iotyun.gateway.package import build_package
from iotyun.gateway.releases import EXIT_RESTART, ReleaseError, Releases, Supervisor
from iotyun.gateway.upgrade import InstallError, NoInstaller, SimulatedInstaller, Upgrades

PACKAGE = b"iotyun gateway package bytes " * 40_000  # about 1.1 MB


class Server:
    """The download endpoint and the link renewal, cutting the first download half-way."""

    def __init__(self, data: bytes = PACKAGE, cut_first: bool = True, expire_first: bool = False) -> None:
        self.data = data
        self.cut_first = cut_first
        self.expire_first = expire_first
        self.ranges: list[str | None] = []
        self.renewals = 0
        self.renew_ok = True

    def handler(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == "/api/software/upgrade/link":
            self.renewals += 1
            if not self.renew_ok:
                return httpx.Response(200, json={"meta": {"success": 0, "code": 116003}, "data": None})
            url = "/api/software/upgrade/file?token=renewed"
            return httpx.Response(200, json={"meta": {"success": 1}, "data": {"url": url}})
        if self.expire_first and request.url.params.get("token") == "first":
            return httpx.Response(404, json={"meta": {"success": 0, "code": 116003}})
        header = request.headers.get("range")
        self.ranges.append(header)
        start = int(header.removeprefix("bytes=").rstrip("-")) if header else 0
        body = self.data[start:]
        if self.cut_first and len(self.ranges) == 1:
            return httpx.Response(200, stream=CutStream(body, len(body) // 2))
        return httpx.Response(206 if start else 200, content=body)


class CutStream(httpx.AsyncByteStream):
    def __init__(self, data: bytes, cut: int) -> None:
        self.data, self.cut = data, cut

    async def __aiter__(self) -> Any:
        yield self.data[: self.cut]
        raise httpx.RemoteProtocolError("peer closed connection")


def command(data: bytes = PACKAGE, **over: Any) -> dict[str, Any]:
    return {
        "req_id": "r1",
        "op": "upgrade",
        "version": "2.1.0",
        "url": "/api/software/upgrade/file?token=first",
        "sha256": hashlib.sha256(data).hexdigest(),
        "size": len(data),
        "mode": "forced",
        **over,
    }


class Gateway:
    def __init__(self, tmp_path: Path, server: Server, installer: Any = None) -> None:
        self.reports: list[dict[str, Any]] = []
        self.version = "2.0.0"
        self.writes = 0
        self.http = httpx.AsyncClient(transport=httpx.MockTransport(server.handler), base_url="http://server")

        async def set_version(version: str) -> None:
            self.version = version

        async def report(body: dict[str, Any]) -> None:
            self.reports.append(body)

        self.upgrades = Upgrades(
            "GW1",
            "secret123",
            "http://server",
            tmp_path / "upgrades",
            self.http,
            report,
            installer or SimulatedInstaller(set_version, 0.0),
            idle=lambda: self.writes == 0,
            current_version=lambda: self.version,
        )
        self.folder = tmp_path / "upgrades"

    def states(self) -> list[str]:
        return [r["state"] for r in self.reports]


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("iotyun.gateway.upgrade.RETRY_WAITS_S", (0.0, 0.0, 0.0))


class TestDownload:
    async def test_a_cut_download_resumes_where_it_stopped(self, tmp_path: Path) -> None:
        server = Server()
        gw = Gateway(tmp_path, server)
        task = gw.upgrades.handle(command())
        assert task is not None
        await task
        # It asks for the rest of what it had written when the connection broke (whole chunks of it).
        resumed = int((server.ranges[1] or "").removeprefix("bytes=").rstrip("-"))
        assert server.ranges[0] is None and 0 < resumed <= len(PACKAGE) // 2
        assert gw.version == "2.1.0"
        states = gw.states()
        assert states[0] == "downloading" and states[-2:] == ["updating", "updated"]
        progress = [r["progress"] for r in gw.reports if r["state"] == "downloading"]
        assert progress == sorted(progress) and max(progress) <= 99
        assert gw.reports[-1]["version"] == "2.1.0"
        assert not list(gw.folder.iterdir())  # nothing left behind

    async def test_a_download_another_command_left_is_removed(self, tmp_path: Path) -> None:
        # The agent died mid-download of r0; the server then sent a new command, r1: r0's bytes are never resumed.
        gw = Gateway(tmp_path, Server(cut_first=False))
        gw.folder.mkdir(parents=True)
        (gw.folder / "r0.part").write_bytes(PACKAGE[:1000])
        task = gw.upgrades.handle(command())
        assert task is not None
        await task
        assert gw.states()[-1] == "updated" and not list(gw.folder.iterdir())

    async def test_an_expired_link_is_renewed_and_a_refused_renewal_gives_up(self, tmp_path: Path) -> None:
        server = Server(cut_first=False, expire_first=True)
        gw = Gateway(tmp_path, server)
        task = gw.upgrades.handle(command())
        assert task is not None
        await task
        assert server.renewals == 1 and gw.states()[-1] == "updated"
        # Cancelled on the server: the link is not renewed, and the gateway says nothing more.
        server.renew_ok = False
        gw2 = Gateway(tmp_path / "b", server)
        task = gw2.upgrades.handle(command(req_id="r2"))
        assert task is not None
        await task
        assert gw2.states() == [] and gw2.version == "2.0.0"

    async def test_a_package_unlike_its_sha256_is_refused(self, tmp_path: Path) -> None:
        server = Server(data=PACKAGE[:-1] + b"X", cut_first=False)
        installs: list[str] = []

        async def never(version: str) -> None:
            installs.append(version)

        gw = Gateway(tmp_path, server, SimulatedInstaller(never, 0.0))
        task = gw.upgrades.handle(command())
        assert task is not None
        await task
        assert gw.reports[-1] == {"req_id": "r1", "state": "download_failed", "reason": "sha256 mismatch"}
        assert installs == [] and gw.version == "2.0.0"
        assert not list(gw.folder.iterdir())

    async def test_a_command_is_handled_once_and_one_at_a_time(self, tmp_path: Path) -> None:
        gw = Gateway(tmp_path, Server(cut_first=False))
        first = gw.upgrades.handle(command())
        assert gw.upgrades.handle(command()) is None  # delivered again while it runs
        busy = gw.upgrades.handle(command(req_id="r2"))
        assert first is not None and busy is not None
        await asyncio.gather(first, busy)
        assert {"req_id": "r2", "state": "failed", "reason": "busy with another upgrade"} in gw.reports
        again = gw.upgrades.handle(command())
        assert again is not None
        await again
        assert gw.reports[-1]["state"] == "updated" and gw.states().count("updating") == 1

    async def test_cancel_stops_a_download(self, tmp_path: Path) -> None:
        gate = asyncio.Event()

        class Slow(httpx.AsyncByteStream):
            async def __aiter__(self) -> Any:
                yield PACKAGE[:1000]
                await gate.wait()
                yield PACKAGE[1000:]

        gw = Gateway(tmp_path, Server())
        gw.http._transport = httpx.MockTransport(lambda r: httpx.Response(200, stream=Slow()))
        task = gw.upgrades.handle(command())
        assert task is not None
        await asyncio.sleep(0.05)
        gw.upgrades.handle({"req_id": "r1", "op": "cancel"})
        with pytest.raises(asyncio.CancelledError):
            await task
        assert "updated" not in gw.states() and not list(gw.folder.iterdir())

    async def test_default_mode_waits_for_the_writes_to_end(self, tmp_path: Path) -> None:
        gw = Gateway(tmp_path, Server(cut_first=False))
        gw.writes = 1
        task = gw.upgrades.handle(command(mode="default"))
        assert task is not None
        while "waiting" not in gw.states():  # noqa: ASYNC110 - the report list is the thing watched
            await asyncio.sleep(0.01)
        assert gw.version == "2.0.0"
        gw.writes = 0
        await task
        assert gw.states()[-3:] == ["waiting", "updating", "updated"]

    async def test_a_gateway_without_a_supervisor_refuses_to_install(self, tmp_path: Path) -> None:
        gw = Gateway(tmp_path, Server(cut_first=False), NoInstaller())
        task = gw.upgrades.handle(command())
        assert task is not None
        await task
        assert gw.reports[-1]["state"] == "failed" and "--supervise" in gw.reports[-1]["reason"]
        with pytest.raises(InstallError):
            await NoInstaller().install(tmp_path, "1.0.0", "r")


def package(tmp_path: Path, version: str, **kw: Any) -> Path:
    return build_package(tmp_path / f"gw-{version}.tar.gz", version, ["GW100"], **kw)


class TestReleases:
    def test_install_trial_confirm_and_roll_back(self, tmp_path: Path) -> None:
        releases = Releases(tmp_path / "releases")
        assert releases.current() is None
        releases.install(package(tmp_path, "2.1.0"), "2.1.0")
        assert (releases.payload("2.1.0") / "iotyun" / "gateway" / "agent.py").is_file()
        releases.begin_trial("r1", None, "2.1.0", 60)
        assert releases.current() == "2.1.0" and releases.trial() is not None
        assert releases.confirm() is not None and releases.trial() is None
        releases.install(package(tmp_path, "2.2.0"), "2.2.0")
        releases.begin_trial("r2", "2.1.0", "2.2.0", 60)
        releases.roll_back("the new version exited (1)")
        assert releases.current() == "2.1.0" and releases.trial() is None
        assert releases.take_outcome() == {
            "req_id": "r2",
            "state": "failed",
            "reason": "the new version exited (1)",
            "version": "2.1.0",
        }
        assert releases.take_outcome() is None

    def test_refuses_what_is_not_a_package_of_that_version(self, tmp_path: Path) -> None:
        releases = Releases(tmp_path / "releases")
        with pytest.raises(ReleaseError, match="another version"):
            releases.install(package(tmp_path, "2.1.0"), "2.2.0")
        escape = tmp_path / "escape.tar.gz"
        with tarfile.open(escape, "w:gz") as tar:
            for name, data in (("iotyun-package.json", json.dumps({"type": "device", "version": "3.0.0"}).encode()),
                               ("../outside.txt", b"x")):  # fmt: skip
                info = tarfile.TarInfo(name)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
        with pytest.raises(ReleaseError):
            releases.install(escape, "3.0.0")
        assert not (tmp_path / "outside.txt").exists()
        (tmp_path / "junk.tar.gz").write_bytes(b"not a tar")
        with pytest.raises(ReleaseError):
            releases.install(tmp_path / "junk.tar.gz", "3.0.0")
        assert sorted(p.name for p in releases.root.iterdir()) == []


class FakeChild:
    def __init__(self, script: list[int | None], log: list[str], version: str | None) -> None:
        self.script, self.log, self.version = script, log, version
        self.returncode: int | None = None
        self.polls = 0

    def poll(self) -> int | None:
        self.polls += 1
        if self.returncode is None and self.script:
            self.returncode = self.script.pop(0)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        self.log.append(f"signal {self.version}")
        self.returncode = -sig

    def wait(self, timeout: float | None = None) -> int:
        return self.returncode or 0

    def kill(self) -> None:
        self.returncode = -9


class TestSupervisor:
    def run(
        self, releases: Releases, outcomes: list[list[int | None]], stop_after: int, on_first: Any = None
    ) -> list[str]:
        log: list[str] = []
        supervisor: Supervisor

        def spawn(version: str | None) -> Any:
            log.append(f"start {version}")
            if len(log) == 1 and on_first is not None:
                on_first()  # what the first agent does while it runs (an install)
            if len(log) >= stop_after or not outcomes:
                supervisor.stop()
                return FakeChild([0], log, version)
            return FakeChild(outcomes.pop(0), log, version)

        supervisor = Supervisor(releases, spawn, poll_s=0.001, crash_wait_s=0.0)
        supervisor.run()
        return log

    def test_restarts_into_a_new_release_and_back_when_it_dies(self, tmp_path: Path) -> None:
        releases = Releases(tmp_path / "releases")
        releases.install(package(tmp_path, "2.1.0"), "2.1.0")
        releases.install(package(tmp_path, "2.2.0"), "2.2.0")
        releases.switch("2.1.0")
        # 2.1.0 installs 2.2.0 and asks for a restart; 2.2.0 runs and dies: back to 2.1.0, which then runs.
        log = self.run(
            releases,
            [[None, EXIT_RESTART], [None, 1]],
            stop_after=3,
            on_first=lambda: releases.begin_trial("r1", "2.1.0", "2.2.0", 60),
        )
        assert log == ["start 2.1.0", "start 2.2.0", "start 2.1.0"]
        assert releases.current() == "2.1.0"
        outcome = releases.take_outcome()
        assert outcome is not None and (outcome["req_id"], outcome["reason"]) == ("r1", "the new version exited (1)")

    def test_a_release_that_comes_up_stays(self, tmp_path: Path) -> None:
        releases = Releases(tmp_path / "releases")
        releases.install(package(tmp_path, "2.2.0"), "2.2.0")
        releases.begin_trial("r1", None, "2.2.0", 60)
        releases.confirm()  # the new agent reported itself
        log = self.run(releases, [[None, 1]], stop_after=2)
        assert log == ["start 2.2.0", "start 2.2.0"]  # a crash outside a trial: started again, same release
        assert releases.current() == "2.2.0" and releases.take_outcome() is None

    def test_a_silent_release_is_stopped_and_rolled_back_at_its_deadline(self, tmp_path: Path) -> None:
        releases = Releases(tmp_path / "releases")
        releases.install(package(tmp_path, "2.2.0"), "2.2.0")
        releases.begin_trial("r1", None, "2.2.0", 0.05)
        started = time.monotonic()
        log = self.run(releases, [[None] * 10_000], stop_after=2)
        assert log[:2] == ["start 2.2.0", "signal 2.2.0"] and time.monotonic() - started < 30
        assert releases.current() is None
        outcome = releases.take_outcome()
        assert outcome is not None and outcome["reason"] == "the new version did not come online in time"
