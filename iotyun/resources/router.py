"""HTTP routes of the gallery: classifications, images, the caller's usage, and the images' bytes
(docs/api-resources.md)."""

from typing import Annotated, Any, Literal

from fastapi import APIRouter, File, Form, Query, UploadFile
from fastapi.responses import FileResponse

from iotyun.auth.dependencies import Anonymous
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import (
    IMAGE_BODY_MAX_BYTES,
    IMAGE_TYPES,
    IMAGE_USE_MAX_BYTES,
    MODEL_BODY_MAX_BYTES,
    MODEL_MAX_BYTES,
    MODEL_SIZE_TEXT,
)
from iotyun.core.pagination import Page, PageDep
from iotyun.resources import service, storage
from iotyun.resources.dependencies import GalleryReader, GalleryRoot, GalleryWriter
from iotyun.resources.schemas import (
    ClassifyIn,
    ClassifyOut,
    ClassifyUpdateIn,
    GalleryUsageOut,
    ImageOut,
    ImageUpdateIn,
    ModelOut,
)

router = APIRouter(tags=["resources"])

ImageUse = Literal["icon", "image", "background"]


@router.get("/yun/resourcesClassify")
async def list_classifications(actor: GalleryReader, session: SessionDep) -> Envelope[list[ClassifyOut]]:
    return ok(await service.list_classifications(session, actor))


@router.post("/yun/resourcesClassify")
async def create_classification(body: ClassifyIn, actor: GalleryWriter, session: SessionDep) -> Envelope[ClassifyOut]:
    return ok(await service.create_classification(session, actor, body))


@router.put("/yun/resourcesClassify")
async def rename_classification(
    body: ClassifyUpdateIn, actor: GalleryWriter, session: SessionDep
) -> Envelope[ClassifyOut]:
    return ok(await service.rename_classification(session, actor, body))


@router.delete("/yun/resourcesClassify")
async def delete_classification(
    classify_id: Annotated[int, Query(alias="id")], actor: GalleryWriter, session: SessionDep
) -> Envelope[None]:
    await service.delete_classification(session, actor, classify_id)
    return ok()


# Not read_only: a tenant's first read of the system gallery makes its rows (service.ensure_system_classifications).
@router.get("/yun/resourcesInfo")
async def list_images(
    actor: GalleryReader,
    session: SessionDep,
    page: PageDep,
    classify_id: int | None = None,
    system: bool = False,
    name: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[Page[ImageOut]]:
    return ok(await service.list_images(session, actor, page, classify_id=classify_id, system=system, name=name))


@router.get("/yun/resourcesInfo/usage")
@read_only
async def gallery_usage(actor: GalleryReader, session: SessionDep) -> Envelope[GalleryUsageOut]:
    return ok(await service.usage(session, actor))


@router.post("/yun/resourcesInfo")
@body_limit(IMAGE_BODY_MAX_BYTES, ErrorCode.IMAGE_TOO_LARGE)
async def upload_image(
    actor: GalleryWriter,
    session: SessionDep,
    root: GalleryRoot,
    file: Annotated[UploadFile, File()],
    # None: the caller's uncategorised bucket.
    classify_id: Annotated[int | None, Form()] = None,
    name: Annotated[str, Form()] = "",
    use: Annotated[ImageUse, Form()] = "image",
) -> Envelope[ImageOut]:
    # One byte past the use's cap is enough to know the file is too large.
    data = await file.read(IMAGE_USE_MAX_BYTES[use] + 1)
    return ok(await service.upload(session, actor, root, name=name, classify_id=classify_id, use=use, data=data))


@router.put("/yun/resourcesInfo")
async def update_image(body: ImageUpdateIn, actor: GalleryWriter, session: SessionDep) -> Envelope[ImageOut]:
    return ok(await service.update_image(session, actor, body))


@router.delete("/yun/resourcesInfo")
async def delete_image(
    image_id: Annotated[int, Query(alias="id")], actor: GalleryWriter, session: SessionDep, root: GalleryRoot
) -> Envelope[None]:
    await service.delete_image(session, actor, root, image_id)
    return ok()


_BINARY = {"schema": {"type": "string", "format": "binary"}}
# The file route's answers as the OpenAPI document states them: the image's bytes in its own type (ranges of them
# too, as a browser may ask), or the envelope of 114001 for a name that is no image's.
IMAGE_FILE_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The image's bytes (`image/png`, `image/jpeg` or a sanitised `image/svg+xml`, by the name's type), or the "
        "envelope of 114001",
        "content": {storage.CONTENT_TYPES[ext]: _BINARY for ext in IMAGE_TYPES},
        "model": Envelope[None],
        "headers": {
            "Cache-Control": {"schema": {"type": "string"}, "description": storage.CACHE_CONTROL},
            "X-Content-Type-Options": {"schema": {"type": "string"}, "description": "nosniff"},
        },
    },
    206: {
        "description": "A range of the image's bytes (a request with a Range header)",
        "content": {storage.CONTENT_TYPES[ext]: _BINARY for ext in IMAGE_TYPES},
    },
    416: {
        "description": "The requested range lies outside the image",
        "content": {"text/plain": {"schema": {"type": "string"}}},
    },
}


@router.get("/yun/resourcesInfo/file/{file_name}", response_model=None, responses=IMAGE_FILE_RESPONSES)
@read_only
async def image_file(file_name: str, _: Anonymous, session: SessionDep, root: GalleryRoot) -> FileResponse:
    # No token: an <img> of the designer, the runtime or a share link asks; the unguessable key is the right to read.
    path, content_type = await service.file_of(root, session, file_name)
    headers = {"Cache-Control": storage.CACHE_CONTROL, "X-Content-Type-Options": "nosniff"}
    if content_type == storage.CONTENT_TYPES["svg"]:
        headers["Content-Security-Policy"] = storage.SVG_CSP
    return FileResponse(path, media_type=content_type, headers=headers)


# --- 3D models: /yun/resourcesInfo/model -------------------------------------------------------------------------


@router.get("/yun/resourcesInfo/model")
@read_only
async def list_models(
    actor: GalleryReader,
    session: SessionDep,
    page: PageDep,
    classify_id: int | None = None,
    name: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[Page[ModelOut]]:
    return ok(await service.list_models(session, actor, page, classify_id=classify_id, name=name))


@router.post("/yun/resourcesInfo/model")
@body_limit(MODEL_BODY_MAX_BYTES, ErrorCode.MODEL_TOO_LARGE, size=MODEL_SIZE_TEXT)
async def upload_model(
    actor: GalleryWriter,
    session: SessionDep,
    root: GalleryRoot,
    classify_id: Annotated[int, Form()],
    files: Annotated[list[UploadFile], File()],
    name: Annotated[str, Form()] = "",
) -> Envelope[ModelOut]:
    # The body limit bounds the files together; one byte past the total is enough to know they are too large.
    uploaded = [(f.filename or "", await f.read(MODEL_MAX_BYTES + 1)) for f in files]
    return ok(await service.upload_model(session, actor, root, name=name, classify_id=classify_id, uploaded=uploaded))


@router.delete("/yun/resourcesInfo/model")
async def delete_model(
    model_id: Annotated[int, Query(alias="id")], actor: GalleryWriter, session: SessionDep, root: GalleryRoot
) -> Envelope[None]:
    await service.delete_model(session, actor, root, model_id)
    return ok()


@router.get("/yun/resourcesInfo/model/file/{file_key}/{file_name}", response_model=None)
@read_only
async def model_file(
    file_key: str, file_name: str, actor: GalleryReader, session: SessionDep, root: GalleryRoot
) -> FileResponse:
    # With the caller's token, as a glTF loader sends it for the .gltf and the uris it resolves beside it.
    path, content_type = await service.model_file_of(root, session, actor, file_key, file_name)
    return FileResponse(
        path,
        media_type=content_type,
        headers={"Cache-Control": "private, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff"},
    )
