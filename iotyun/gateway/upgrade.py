"""The gateway's side of an upgrade (docs/device-protocol.md "Upgrades"): the `upgrade` command received on its own
topic, the package downloaded over HTTP with resume (Range) through the short-lived link the command carries (a
new link asked for when it has expired), checked against its SHA-256, installed by the agent's installer, every
step reported on `upgrade_state`.

The installer is what differs between a real gateway and a simulated one: `SimulatedInstaller` only changes the
version the agent reports; a gateway without an installer refuses to install (reported as a failed update), so it
is never left half-way."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import httpx

log = logging.getLogger("iotyun.gateway.upgrade")

CHUNK = 256 * 1024
# A progress report at most this often, and at every tenth of the download.
PROGRESS_EVERY_S = 2.0
# A download cut by the network is tried again (resuming) with these waits, then given up as failed.
RETRY_WAITS_S = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
# How long default mode waits for a write under way to end before it installs anyway.
IDLE_WAIT_MAX_S = 600.0
# While it waits, it says so this often (the server times out an upgrade it hears nothing of).
WAITING_EVERY_S = 60.0


class InstallError(Exception):
    """The install failed; the gateway stays on (or went back to) its version. The text is the report's reason."""


class Installer(Protocol):
    async def install(self, package: Path, version: str, req_id: str) -> bool:
        """Install the package as `version`; True when the gateway now runs it, False when it restarts into it (the
        new version then reports itself); raises InstallError with the reason."""


class NoInstaller:
    """A gateway that cannot install itself: run without a supervisor (`iotyun gateway --supervise`), nothing could
    restart it into a new release or bring it back."""

    async def install(self, package: Path, version: str, req_id: str) -> bool:
        raise InstallError("this gateway runs without --supervise and cannot install upgrades")


@dataclass
class SimulatedInstaller:
    """A simulated gateway's install: a pause, then it reports the new version (`set_version`)."""

    set_version: Callable[[str], Awaitable[None]]
    seconds: float = 1.0

    async def install(self, package: Path, version: str, req_id: str) -> bool:
        await asyncio.sleep(self.seconds)
        await self.set_version(version)
        return True


class DownloadError(Exception):
    pass


class LinkGone(DownloadError):
    """The server no longer serves this upgrade (cancelled, ended, or the link cannot be renewed)."""


Report = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]


class Upgrades:
    """The upgrades of one gateway: at most one at a time, each command handled once (by its req_id)."""

    def __init__(
        self,
        sn: str,
        secret: str,
        server: str,
        folder: Path,
        http: httpx.AsyncClient,
        report: Report,
        installer: Installer,
        idle: Callable[[], bool],
        current_version: Callable[[], str],
    ) -> None:
        self.sn, self.secret, self.server = sn, secret, server.rstrip("/")
        self.folder = folder
        self.http = http
        self.report = report
        self.installer = installer
        self.idle = idle
        self.current_version = current_version
        self.running: dict[str, asyncio.Task[None]] = {}
        self.ended: dict[str, dict[str, Any]] = {}

    def handle(self, command: dict[str, Any]) -> asyncio.Task[None] | None:
        """Act on a message of the `upgrade` topic; the task doing it, if any."""
        req_id = command.get("req_id")
        if not isinstance(req_id, str) or not req_id:
            log.warning("%s: upgrade command without req_id dropped", self.sn)
            return None
        if command.get("op") == "cancel":
            task = self.running.get(req_id)
            if task is not None:
                log.info("%s: upgrade %s cancelled by the server", self.sn, req_id)
                task.cancel()
            return None
        if req_id in self.running:
            return None  # delivered again while it runs
        if req_id in self.ended:
            # Delivered again after it ended (the broker's session): say how it ended once more.
            return asyncio.get_running_loop().create_task(self.report(self.ended[req_id]))
        if self.running:
            log.warning("%s: upgrade %s refused: another upgrade is under way", self.sn, req_id)
            return asyncio.get_running_loop().create_task(
                self.report({"req_id": req_id, "state": "failed", "reason": "busy with another upgrade"})
            )
        task = asyncio.get_running_loop().create_task(self._run(req_id, command))
        self.running[req_id] = task
        task.add_done_callback(lambda _: self.running.pop(req_id, None))
        return task

    async def _end(self, req_id: str, state: str, reason: str = "", **extra: Any) -> None:
        body = {"req_id": req_id, "state": state, "reason": reason, **extra}
        self.ended[req_id] = body
        await self.report(body)

    async def _run(self, req_id: str, command: dict[str, Any]) -> None:
        version = str(command.get("version") or "")
        sha256 = str(command.get("sha256") or "").lower()
        url = str(command.get("url") or "")
        size = command.get("size")
        if not version or len(sha256) != 64 or not url:
            await self._end(req_id, "download_failed", "malformed command")
            return
        if version == self.current_version():
            await self._end(req_id, "updated", version=version)
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        part = self.folder / f"{req_id}.part"
        # One upgrade at a time: a download another command left when the agent died is never resumed now.
        for stale in self.folder.glob("*.part"):
            if stale != part:
                stale.unlink(missing_ok=True)
        try:
            await self.download(req_id, url, part, int(size) if isinstance(size, int) else None)
        except asyncio.CancelledError:
            part.unlink(missing_ok=True)
            raise
        except LinkGone:
            log.info("%s: upgrade %s is no longer served; given up", self.sn, req_id)
            part.unlink(missing_ok=True)
            return
        except DownloadError as exc:
            log.warning("%s: upgrade %s download failed: %s", self.sn, req_id, exc)
            await self._end(req_id, "download_failed", str(exc)[:200])
            return
        digest = await asyncio.to_thread(_sha256, part)
        if digest != sha256:
            part.unlink(missing_ok=True)
            log.warning("%s: upgrade %s refused: SHA-256 %s, expected %s", self.sn, req_id, digest, sha256)
            await self._end(req_id, "download_failed", "sha256 mismatch")
            return
        if command.get("mode") != "forced":
            await self._wait_idle(req_id)
        await self.report({"req_id": req_id, "state": "updating", "progress": 100})
        try:
            running = await self.installer.install(part, version, req_id)
        except InstallError as exc:
            log.warning("%s: upgrade %s to %s failed: %s", self.sn, req_id, version, exc)
            await self._end(req_id, "failed", str(exc)[:200])
            return
        finally:
            part.unlink(missing_ok=True)
        if running:
            log.info("%s: upgraded to %s", self.sn, version)
            await self._end(req_id, "updated", version=version)

    async def _wait_idle(self, req_id: str) -> None:
        """Default mode: install once no write is under way (reported as waiting meanwhile)."""
        if self.idle():
            return
        await self.report({"req_id": req_id, "state": "waiting"})
        deadline = time.monotonic() + IDLE_WAIT_MAX_S
        said = time.monotonic()
        # Polled: writes are few and short, and an event per write would cost every write for this rare wait.
        while not self.idle() and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
            if time.monotonic() - said > WAITING_EVERY_S:  # the server hears it is still alive
                said = time.monotonic()
                await self.report({"req_id": req_id, "state": "waiting"})

    async def download(self, req_id: str, url: str, part: Path, size: int | None) -> None:
        """Fetch the package into `part`, resuming what is there, through network cuts and link renewals."""
        attempt = 0
        while True:
            try:
                await self._fetch(req_id, url, part, size)
                return
            except LinkGone:
                url = await self.renew(req_id)  # LinkGone again when the server says no
            except (httpx.TransportError, DownloadError) as exc:
                if isinstance(exc, DownloadError) and not isinstance(exc, Resumable):
                    raise
                if attempt >= len(RETRY_WAITS_S):
                    raise DownloadError(f"network: {exc}") from None
                wait = RETRY_WAITS_S[attempt]
                attempt += 1
                log.info("%s: download of %s cut (%s); resuming in %.0f s", self.sn, req_id, exc, wait)
                await asyncio.sleep(wait)

    async def renew(self, req_id: str) -> str:
        try:
            resp = await self.http.get(
                f"{self.server}/api/software/upgrade/link",
                params={"sn_code": self.sn, "req_id": req_id},
                headers={"X-Device-Secret": self.secret},
            )
            body = resp.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise Resumable(f"link: {exc}") from None
        if (body.get("meta") or {}).get("success") != 1:
            raise LinkGone(str((body.get("meta") or {}).get("code")))
        return str(body["data"]["url"])

    async def _fetch(self, req_id: str, url: str, part: Path, size: int | None) -> None:
        have = await asyncio.to_thread(_size, part)
        if size is not None and have >= size:
            return
        headers = {"Range": f"bytes={have}-"} if have else {}
        target = url if url.startswith("http") else f"{self.server}{url}"
        async with self.http.stream("GET", target, headers=headers, timeout=30.0) as resp:
            if resp.status_code == 404:
                raise LinkGone("link")
            if resp.status_code == 416:
                return  # nothing left to fetch
            if resp.status_code not in (200, 206):
                raise Resumable(f"HTTP {resp.status_code}")
            if resp.status_code == 200:
                have = 0  # the server sent it whole: start again
            total = size or (have + int(resp.headers.get("content-length") or 0)) or None
            last_report, last_tenth = 0.0, -1
            with part.open("r+b" if have else "wb") as out:
                out.seek(have)
                out.truncate()
                async for chunk in resp.aiter_bytes(CHUNK):
                    await asyncio.to_thread(out.write, chunk)
                    have += len(chunk)
                    percent = min(99, int(have * 100 / total)) if total else 0
                    now = time.monotonic()
                    if percent // 10 != last_tenth or now - last_report >= PROGRESS_EVERY_S:
                        last_tenth, last_report = percent // 10, now
                        with contextlib.suppress(Exception):
                            await self.report({"req_id": req_id, "state": "downloading", "progress": percent})
        if size is not None and have < size:
            raise Resumable(f"cut at {have} of {size} bytes")


class Resumable(DownloadError):
    """A download that stopped half-way and can resume."""


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(1024 * 1024):
            h.update(block)
    return h.hexdigest()
