"""HTTP routes of the software library (docs/api-software.md)."""

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Header, Query, UploadFile
from fastapi.responses import FileResponse

from iotyun.auth.dependencies import Anonymous, LoggedIn
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import (
    SOFTWARE_BODY_MAX_BYTES,
    SOFTWARE_MODEL_MAX,
    SOFTWARE_PACKAGE_SIZE_TEXT,
    SOFTWARE_SEND_CHUNK_BYTES,
)
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import ClientIp, LimitersDep
from iotyun.devices import service as device_service
from iotyun.software import service, storage, upgrades
from iotyun.software.dependencies import Commands, SoftwareRoot, Upgrader, VersionReader, VersionWriter
from iotyun.software.schemas import (
    Content,
    LatestVersionOut,
    SoftwareVersionOut,
    SoftwareVersionUpdateIn,
    UpgradeCandidatesOut,
    UpgradeDeviceOut,
    UpgradeIdIn,
    UpgradeLinkOut,
    UpgradeOut,
    UpgradeStartIn,
)

router = APIRouter(tags=["software"])


@router.get("/software/version")
@read_only
async def list_versions(
    actor: VersionReader,
    session: SessionDep,
    page: PageDep,
    software_type: Annotated[int | None, Query(alias="type")] = None,
    model: Annotated[str, Query(max_length=SOFTWARE_MODEL_MAX)] = "",
    keyword: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[Page[SoftwareVersionOut]]:
    return ok(
        await service.list_versions(session, actor, page, software_type=software_type, model=model, keyword=keyword)
    )


@router.post("/software/version")
@body_limit(SOFTWARE_BODY_MAX_BYTES, ErrorCode.UPGRADE_FILE_TOO_LARGE, size=SOFTWARE_PACKAGE_SIZE_TEXT)
async def upload_version(
    actor: VersionWriter,
    session: SessionDep,
    root: SoftwareRoot,
    software_type: Annotated[int, Form(alias="type")],
    version: Annotated[str, Form(max_length=64)],
    file: Annotated[UploadFile, File()],
    models: Annotated[list[str] | None, Form()] = None,
    content_zh: Annotated[Content, Form()] = "",
    content_en: Annotated[Content, Form()] = "",
    mode: Annotated[int, Form()] = 0,
    sha256: Annotated[str, Form(max_length=64)] = "",
) -> Envelope[SoftwareVersionOut]:
    return ok(
        await service.upload(
            session,
            actor,
            root,
            software_type=software_type,
            version=version,
            models=models or [],
            content_zh=content_zh,
            content_en=content_en,
            mode=mode,
            sha256=sha256,
            file=file,
        )
    )


@router.get("/software/version/info")
@read_only
async def version_info(
    version_id: Annotated[int, Query(alias="id")], actor: VersionReader, session: SessionDep
) -> Envelope[SoftwareVersionOut]:
    return ok(await service.version_info(session, actor, version_id))


@router.put("/software/version")
async def update_version(
    body: SoftwareVersionUpdateIn, actor: VersionWriter, session: SessionDep
) -> Envelope[SoftwareVersionOut]:
    return ok(await service.update(session, actor, body))


@router.delete("/software/version")
async def delete_version(
    version_id: Annotated[int, Query(alias="id")], actor: VersionWriter, session: SessionDep, root: SoftwareRoot
) -> Envelope[None]:
    await service.delete(session, actor, root, version_id)
    return ok()


@router.get("/software/version/latest")
@read_only
async def latest_version(
    actor: LoggedIn,
    session: SessionDep,
    software_type: Annotated[int, Query(alias="type")],
    platform: Annotated[str, Query(max_length=SOFTWARE_MODEL_MAX)] = "",
    current: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[LatestVersionOut]:
    return ok(await service.latest(session, actor, software_type=software_type, platform=platform, current=current))


class PackageResponse(FileResponse):
    """A package's bytes, ranges answered (Starlette's FileResponse), so an interrupted download resumes; read and
    sent SOFTWARE_SEND_CHUNK_BYTES at a time rather than Starlette's 64 KiB (core/limits.py says why)."""

    chunk_size = SOFTWARE_SEND_CHUNK_BYTES

    def __init__(self, package: storage.Package, cache_control: str) -> None:
        super().__init__(
            package.path,
            stat_result=package.stat,
            media_type="application/octet-stream",
            headers={
                "Content-Disposition": f"attachment; filename*=UTF-8''{quote(package.name)}",
                "Cache-Control": cache_control,
                "X-Content-Type-Options": "nosniff",
                "X-Checksum-Sha256": package.sha256,
            },
        )


@router.get("/software/version/file", response_model=None)
@read_only
async def version_file(
    version_id: Annotated[int, Query(alias="id")], actor: LoggedIn, session: SessionDep, root: SoftwareRoot
) -> PackageResponse:
    return PackageResponse(await service.package_of(session, actor, root, version_id), "private, no-cache")


# --- upgrades (docs/api-software.md "Upgrades") ------------------------------------------------------------------


@router.get("/software/upgrade/devices")
@read_only
async def upgrade_candidates(
    actor: Upgrader,
    session: SessionDep,
    page: PageDep,
    version_id: int,
    group_id: int | None = None,
    model: Annotated[str, Query(max_length=SOFTWARE_MODEL_MAX)] = "",
    current: Annotated[str, Query(max_length=64)] = "",
    keyword: Annotated[str, Query(max_length=64)] = "",
    updatable: bool = False,
) -> Envelope[UpgradeCandidatesOut]:
    return ok(
        await upgrades.candidates(
            session,
            actor,
            page,
            version_id=version_id,
            group_id=group_id,
            model=model.strip(),
            current=current.strip(),
            keyword=keyword.strip(),
            updatable_only=updatable,
        )
    )


@router.get("/software/upgrade")
@read_only
async def list_upgrades(
    actor: Upgrader,
    session: SessionDep,
    page: PageDep,
    state: Annotated[int | None, Query(ge=1, le=4)] = None,
    keyword: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[Page[UpgradeOut]]:
    return ok(await upgrades.list_upgrades(session, actor, page, state=state, keyword=keyword.strip()))


@router.get("/software/upgrade/info")
@read_only
async def upgrade_info(
    upgrade_id: Annotated[int, Query(alias="id")], actor: Upgrader, session: SessionDep
) -> Envelope[UpgradeOut]:
    return ok(await upgrades.upgrade_info(session, actor, upgrade_id))


@router.post("/software/upgrade")
async def start_upgrade(body: UpgradeStartIn, actor: Upgrader, session: SessionDep) -> Envelope[UpgradeOut]:
    return ok(await upgrades.start(session, actor, body))


@router.post("/software/upgrade/pause")
async def pause_upgrade(body: UpgradeIdIn, actor: Upgrader, session: SessionDep) -> Envelope[UpgradeOut]:
    return ok(await upgrades.pause(session, actor, body.id))


@router.post("/software/upgrade/resume")
async def resume_upgrade(body: UpgradeIdIn, actor: Upgrader, session: SessionDep) -> Envelope[UpgradeOut]:
    return ok(await upgrades.resume(session, actor, body.id))


@router.post("/software/upgrade/cancel")
async def cancel_upgrade(
    body: UpgradeIdIn, actor: Upgrader, session: SessionDep, telemetry: Commands
) -> Envelope[UpgradeOut]:
    return ok(await upgrades.cancel(session, actor, body.id, telemetry))


@router.get("/software/history")
@read_only
async def upgrade_history(
    actor: Upgrader,
    session: SessionDep,
    page: PageDep,
    upgrade_id: int | None = None,
    device_id: int | None = None,
    state: Annotated[int | None, Query(ge=1, le=7)] = None,
    keyword: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[Page[UpgradeDeviceOut]]:
    return ok(
        await upgrades.history(
            session, actor, page, upgrade_id=upgrade_id, device_id=device_id, state=state, keyword=keyword.strip()
        )
    )


# --- the gateway's side: no console token (docs/device-protocol.md "Upgrades") ----------------------------------


@router.get("/software/upgrade/file", response_model=None)
@read_only
async def upgrade_file(
    _: Anonymous, session: SessionDep, root: SoftwareRoot, token: Annotated[str, Query(max_length=64)] = ""
) -> PackageResponse:
    # The link is the gateway's credential: short-lived and for one device's upgrade. Ranges are answered, so a
    # download cut by the network resumes where it stopped.
    return PackageResponse(await upgrades.package_for_link(session, root, token), "no-store")


@router.get("/software/upgrade/link")
async def upgrade_link(
    _: Anonymous,
    session: SessionDep,
    limiters: LimitersDep,
    ip: ClientIp,
    sn_code: Annotated[str, Query(max_length=64)] = "",
    req_id: Annotated[str, Query(max_length=64)] = "",
    x_device_secret: Annotated[str, Header()] = "",
) -> Envelope[UpgradeLinkOut]:
    gateway = await device_service.authenticate_gateway_guarded(
        session, limiters.gateway_secret, sn_code, x_device_secret, ip
    )
    if gateway is None:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="sn_code")
    return ok(await upgrades.new_link(session, gateway.sn, req_id))
