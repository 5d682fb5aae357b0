"""Access markers of the software library: the library's page (P141000) uploads, edits and deletes versions; the
upgrades' page (P142000) reads them to choose one. Asking whether a newer mobile or PC version exists, and fetching
its package, is any signed-in user's (the service checks the rest)."""

from pathlib import Path
from typing import Annotated

from fastapi import Depends, Request

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm
from iotyun.core.runtime import SettingsDep
from iotyun.software import storage
from iotyun.software.upgrades import CommandSender

VersionReader = Annotated[Actor, Depends(require(Perm.SOFTWARE_VERSION, Perm.SOFTWARE_UPGRADE))]
VersionWriter = Annotated[Actor, Depends(require(Perm.SOFTWARE_VERSION))]
# The upgrades' page (P142000) chooses devices, starts, pauses, resumes and cancels rollouts and reads their history.
Upgrader = Annotated[Actor, Depends(require(Perm.SOFTWARE_UPGRADE))]


async def _commands(request: Request) -> CommandSender:
    telemetry: CommandSender = request.app.state.telemetry
    return telemetry


# What publishes commands to gateways (the app's telemetry runtime).
Commands = Annotated[CommandSender, Depends(_commands)]


async def _software_root(settings: SettingsDep) -> Path:
    return storage.root_of(settings.data_dir)


# Where the packages' bytes are stored (software/storage.py).
SoftwareRoot = Annotated[Path, Depends(_software_root)]
