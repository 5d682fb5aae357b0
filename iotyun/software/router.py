"""HTTP routes of the software library (docs/api-software.md)."""

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Query, UploadFile
from fastapi.responses import FileResponse

from iotyun.auth.dependencies import LoggedIn
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import SOFTWARE_BODY_MAX_BYTES, SOFTWARE_MODEL_MAX, SOFTWARE_PACKAGE_SIZE_TEXT
from iotyun.core.pagination import Page, PageDep
from iotyun.software import service
from iotyun.software.dependencies import SoftwareRoot, VersionReader, VersionWriter
from iotyun.software.schemas import (
    Content,
    LatestVersionOut,
    SoftwareVersionOut,
    SoftwareVersionUpdateIn,
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


@router.get("/software/version/file", response_model=None)
@read_only
async def version_file(
    version_id: Annotated[int, Query(alias="id")], actor: LoggedIn, session: SessionDep, root: SoftwareRoot
) -> FileResponse:
    # Ranges are answered (Starlette's FileResponse), so an interrupted download resumes.
    path, name, sha256 = await service.package_of(session, actor, root, version_id)
    return FileResponse(
        path,
        media_type="application/octet-stream",
        headers={
            "Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}",
            "Cache-Control": "private, no-cache",
            "X-Content-Type-Options": "nosniff",
            "X-Checksum-Sha256": sha256,
        },
    )
