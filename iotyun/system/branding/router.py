"""HTTP routes of the brand (docs/api-system.md "Personalization and white label"): the tenant's brand read by any
of its users and written with P81000, its images uploaded and served, and the brand a host shows before sign-in."""

from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import FileResponse

from iotyun.auth.dependencies import Anonymous, LoggedIn
from iotyun.core.addresses import request_host
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import BRAND_IMAGE_USE, IMAGE_BODY_MAX_BYTES, IMAGE_USE_MAX_BYTES
from iotyun.core.runtime import SettingsDep
from iotyun.system.branding import service, storage
from iotyun.system.branding.dependencies import BrandRoot, BrandWriter
from iotyun.system.branding.schemas import BrandImageOut, BrandIn, BrandOut, BrandPublicOut, Slot

router = APIRouter(tags=["system"])


@router.get("/yun/individuation")
@read_only
async def read_brand(actor: LoggedIn, session: SessionDep) -> Envelope[BrandOut]:
    return ok(await service.read(session, actor))


@router.put("/yun/individuation")
async def save_brand(
    body: BrandIn, actor: BrandWriter, session: SessionDep, root: BrandRoot, settings: SettingsDep
) -> Envelope[BrandOut]:
    return ok(await service.save(session, actor, root, settings.public_url, body))


@router.delete("/yun/individuation")
async def reset_brand(actor: BrandWriter, session: SessionDep, root: BrandRoot) -> Envelope[BrandOut]:
    return ok(await service.reset(session, actor, root))


@router.post("/yun/individuation/image")
@body_limit(IMAGE_BODY_MAX_BYTES, ErrorCode.IMAGE_TOO_LARGE)
async def upload_brand_image(
    actor: BrandWriter,
    session: SessionDep,
    root: BrandRoot,
    file: Annotated[UploadFile, File()],
    slot: Annotated[Slot, Form()],
) -> Envelope[BrandImageOut]:
    # One byte past the place's cap is enough to know the file is too large.
    data = await file.read(IMAGE_USE_MAX_BYTES[BRAND_IMAGE_USE[slot]] + 1)
    return ok(await service.upload(session, actor, root, slot, data))


@router.get("/yun/individuation/public")
@read_only
async def host_brand(request: Request, _: Anonymous, session: SessionDep) -> Envelope[BrandPublicOut]:
    # Unsigned on purpose, like the server clock: the login page asks before it can sign anything.
    return ok(await service.of_host(session, request_host(request)))


_BINARY = {"schema": {"type": "string", "format": "binary"}}
_FILE_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The image's bytes (`image/png`, `image/jpeg` or a sanitised `image/svg+xml`), or the "
        "envelope of 114001",
        "content": {"image/png": _BINARY, "image/jpeg": _BINARY, "image/svg+xml": _BINARY},
        "model": Envelope[None],
    },
}


@router.get("/yun/individuation/file/{file_name}", response_model=None, responses=_FILE_RESPONSES)
@read_only
async def brand_image_file(file_name: str, _: Anonymous, session: SessionDep, root: BrandRoot) -> FileResponse:
    # No token: the login page shows the logos, favicon and background before anyone signs in.
    path, content_type = await service.file_of(session, root, file_name)
    headers = {"Cache-Control": storage.CACHE_CONTROL, "X-Content-Type-Options": "nosniff"}
    if content_type == "image/svg+xml":
        headers["Content-Security-Policy"] = storage.SVG_CSP
    return FileResponse(path, media_type=content_type, headers=headers)
