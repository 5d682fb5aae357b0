"""The gateway agent's installed releases, the switch between them, and the supervisor that runs the agent from the
current one and returns to the previous one when a new release does not come up (docs/gateway.md "Upgrades").

    <data_dir>/releases/<sn>/
      <version>/       an unpacked iotyun gateway package: iotyun-package.json and payload/ (the iotyun package)
      current          a link to the release the agent runs (none: the agent as installed on the machine)
      trial.json       {req_id, from, to, deadline}: a new release on trial until it has reported itself online
      outcome.json     {req_id, state, reason, version}: how a trial ended when the supervisor went back

An install unpacks the package beside the running release, starts the trial, points `current` at it and asks the
agent to exit with EXIT_RESTART. The supervisor (`iotyun gateway --supervise`, the process a service manager runs)
then starts the agent from `current`; the new agent, once connected, reports `updated` and ends the trial. If it
exits before that, or has not done it by the trial's deadline, the supervisor points `current` back, writes the
outcome and starts the previous release, which reports the failure."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("iotyun.gateway.releases")

MANIFEST = "iotyun-package.json"
# The agent's exit status asking its supervisor to start it again from `current` (EX_TEMPFAIL).
EXIT_RESTART = 75
# The environment variables naming the release the supervisor started the agent from, and that one did.
RELEASE_ENV = "IOTYUN_GATEWAY_RELEASE"
SUPERVISED_ENV = "IOTYUN_GATEWAY_SUPERVISED"
# A release unpacks to at most this much (the server refuses larger packages long before).
UNPACKED_MAX = 1024 * 1024 * 1024
TRIAL_S = 120.0
# Releases kept besides the current one (the previous is what a rollback needs).
KEEP = 2


def supervised() -> bool:
    """Whether this agent was started by a supervisor (and so may install releases)."""
    return os.environ.get(SUPERVISED_ENV) == "1"


class ReleaseError(Exception):
    """The package cannot be installed (the text is the upgrade's reason)."""


def _write_json(path: Path, body: dict[str, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(body), encoding="utf-8")
    os.replace(tmp, path)


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return body if isinstance(body, dict) else None


@dataclass
class Releases:
    root: Path

    @property
    def link(self) -> Path:
        return self.root / "current"

    @property
    def trial_file(self) -> Path:
        return self.root / "trial.json"

    @property
    def outcome_file(self) -> Path:
        return self.root / "outcome.json"

    def current(self) -> str | None:
        """The release `current` names, or None (the installed agent)."""
        try:
            name = os.readlink(self.link)
        except OSError:
            return None
        return name if (self.root / name / "payload").is_dir() else None

    def payload(self, version: str) -> Path:
        return self.root / version / "payload"

    def install(self, package: Path, version: str) -> None:
        """Unpack `package` as release `version` (ReleaseError when it is not a gateway package of that version)."""
        if not version or "/" in version or version.startswith("."):
            raise ReleaseError(f"bad version {version!r}")
        self.root.mkdir(parents=True, exist_ok=True)
        staging = self.root / f".{version}.unpacking"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        try:
            self._unpack(package, staging)
            manifest = _read_json(staging / MANIFEST)
            if manifest is None or manifest.get("type") != "device" or manifest.get("version") != version:
                raise ReleaseError("the package's manifest names another version")
            if not (staging / "payload" / "iotyun" / "__init__.py").is_file():
                raise ReleaseError("the package holds no payload/iotyun")
            target = self.root / version
            if version == self.current():
                raise ReleaseError(f"{version} is the running release")
            shutil.rmtree(target, ignore_errors=True)
            os.replace(staging, target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    @staticmethod
    def _unpack(package: Path, into: Path) -> None:
        try:
            with tarfile.open(package, "r:gz") as tar:
                members = tar.getmembers()
                if sum(max(m.size, 0) for m in members) > UNPACKED_MAX:
                    raise ReleaseError("the package unpacks to too much")
                # The "data" filter refuses links, devices, absolute names and names leaving the folder.
                tar.extractall(into, members=members, filter="data")
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise ReleaseError(f"the package cannot be unpacked: {exc}") from None

    def switch(self, version: str | None) -> None:
        """Point `current` at release `version` (None: the installed agent), in one rename."""
        self.root.mkdir(parents=True, exist_ok=True)
        if version is None:
            self.link.unlink(missing_ok=True)
            return
        tmp = self.root / ".current.tmp"
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(version)
        os.replace(tmp, self.link)

    def begin_trial(self, req_id: str, from_version: str | None, to_version: str, seconds: float) -> None:
        _write_json(
            self.trial_file,
            {"req_id": req_id, "from": from_version, "to": to_version, "deadline": time.time() + seconds},
        )
        self.switch(to_version)

    def trial(self) -> dict[str, Any] | None:
        return _read_json(self.trial_file)

    def confirm(self) -> dict[str, Any] | None:
        """The release on trial came up: the trial ends (what it was), older releases go."""
        trial = self.trial()
        self.trial_file.unlink(missing_ok=True)
        if trial is not None:
            self._prune(keep={str(trial.get("to")), str(trial.get("from"))})
        return trial

    def roll_back(self, reason: str) -> None:
        """Go back to the release the trial started from and say why."""
        trial = self.trial()
        if trial is None:
            return
        back = trial.get("from")
        self.switch(back if isinstance(back, str) and (self.root / back / "payload").is_dir() else None)
        _write_json(
            self.outcome_file,
            {"req_id": trial.get("req_id"), "state": "failed", "reason": reason[:200], "version": back},
        )
        self.trial_file.unlink(missing_ok=True)
        log.warning(
            "release %s did not come up (%s); back on %s", trial.get("to"), reason, back or "the installed agent"
        )

    def take_outcome(self) -> dict[str, Any] | None:
        outcome = _read_json(self.outcome_file)
        self.outcome_file.unlink(missing_ok=True)
        return outcome

    def _prune(self, keep: set[str]) -> None:
        found = sorted(
            (p for p in self.root.iterdir() if p.is_dir() and not p.name.startswith(".") and p.name not in keep),
            key=lambda p: p.stat().st_mtime,
        )
        for old in found[: max(0, len(found) - (KEEP - 1))]:
            shutil.rmtree(old, ignore_errors=True)


@dataclass
class ReleaseInstaller:
    """A real gateway's install (gateway/upgrade.Installer): unpack, put on trial, restart into it."""

    releases: Releases
    restart: Callable[[], None]
    trial_s: float = TRIAL_S
    running: str | None = field(default_factory=lambda: os.environ.get(RELEASE_ENV) or None)

    async def install(self, package: Path, version: str, req_id: str) -> bool:
        import asyncio

        from iotyun.gateway.upgrade import InstallError

        try:
            await asyncio.to_thread(self.releases.install, package, version)
        except ReleaseError as exc:
            raise InstallError(str(exc)) from None
        self.releases.begin_trial(req_id, self.running, version, self.trial_s)
        log.info("release %s installed; restarting into it", version)
        self.restart()
        return False  # the new release reports itself once it runs


# --- the supervisor ------------------------------------------------------------------------------------------------


Spawn = Callable[[str | None], "subprocess.Popen[bytes]"]


def spawner(argv: Sequence[str], releases: Releases) -> Spawn:
    """Start `python -m iotyun <argv>` from a release's payload (None: as installed)."""

    def spawn(version: str | None) -> subprocess.Popen[bytes]:
        env = dict(os.environ)
        env.pop(RELEASE_ENV, None)
        env[SUPERVISED_ENV] = "1"
        if version is not None:
            payload = str(releases.payload(version))
            env["PYTHONPATH"] = payload + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
            env[RELEASE_ENV] = version
        # -P: the working folder is not put before the release on the module path (the release's iotyun must win).
        return subprocess.Popen([sys.executable, "-P", "-m", "iotyun", *argv], env=env)  # noqa: S603 - our own argv

    return spawn


@dataclass
class Supervisor:
    """Runs the agent from `current`, restarts it when it asks (EXIT_RESTART) or dies, and rolls a release on trial
    back when it dies or has not reported itself by its deadline."""

    releases: Releases
    spawn: Spawn
    poll_s: float = 0.5
    crash_wait_s: float = 5.0
    stopping: bool = False

    def stop(self) -> None:
        self.stopping = True

    def run(self) -> int:
        while not self.stopping:
            version = self.releases.current()
            log.info("starting the agent from %s", version or "the installed package")
            child = self.spawn(version)
            rc = self._watch(child, version)
            if self.stopping:
                break
            trial = self.releases.trial()
            on_trial = trial is not None and trial.get("to") == version and version is not None
            if rc == EXIT_RESTART:
                continue
            if on_trial:
                self.releases.roll_back(
                    "the new version did not come online in time" if rc is None else f"the new version exited ({rc})"
                )
                continue
            log.warning("the agent exited (%s); starting it again in %.0f s", rc, self.crash_wait_s)
            self._sleep(self.crash_wait_s)
        return 0

    def _watch(self, child: subprocess.Popen[bytes], version: str | None) -> int | None:
        """Until the child exits (its status), a trial of its release passes its deadline (None), or a stop."""
        while True:
            rc = child.poll()
            if rc is not None:
                return rc
            if self.stopping:
                _end(child)
                return child.returncode
            trial = self.releases.trial()
            if trial is not None and trial.get("to") == version and time.time() > float(trial.get("deadline") or 0):
                _end(child)
                return None
            time.sleep(self.poll_s)

    def _sleep(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < deadline:
            time.sleep(min(self.poll_s, deadline - time.monotonic()))


def _end(child: subprocess.Popen[bytes], wait_s: float = 10.0) -> None:
    if child.poll() is not None:
        return
    child.send_signal(signal.SIGTERM)
    try:
        child.wait(wait_s)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
