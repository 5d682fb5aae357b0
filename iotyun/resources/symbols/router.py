"""HTTP routes of the tenant symbol library (docs/api-resources.md "Symbols"): list, import (and its preview),
rename / recategorise / mark parts, delete, and the sanitised SVG without a token."""

from typing import Annotated

from fastapi import APIRouter, File, Form, Header, Query, UploadFile
from fastapi.responses import Response

from iotyun.auth.dependencies import Anonymous
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import MULTIPART_OVERHEAD_BYTES, SVG_MAX_BYTES, SVG_SIZE_TEXT
from iotyun.core.pagination import Page, PageDep
from iotyun.resources.dependencies import GalleryReader, GalleryWriter
from iotyun.resources.symbols import service
from iotyun.resources.symbols.schemas import SymbolCategory, SymbolImportOut, SymbolOut, SymbolUpdateIn

router = APIRouter(tags=["resources"])
_BODY = SVG_MAX_BYTES + MULTIPART_OVERHEAD_BYTES


@router.get("/yun/resourcesInfo/symbol")
@read_only
async def list_symbols(
    actor: GalleryReader,
    session: SessionDep,
    page: PageDep,
    category: SymbolCategory | None = None,
    name: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[Page[SymbolOut]]:
    return ok(await service.list_symbols(session, actor, page, category=category, name=name))


@router.get("/yun/resourcesInfo/symbol/detail")
@read_only
async def get_symbol(
    symbol_id: Annotated[int, Query(alias="id")], actor: GalleryReader, session: SessionDep
) -> Envelope[SymbolOut]:
    return ok(await service.get_symbol(session, actor, symbol_id))


@router.post("/yun/resourcesInfo/symbol/preview")
@body_limit(_BODY, ErrorCode.SVG_TOO_LARGE, size=SVG_SIZE_TEXT)
async def preview_symbol(_: GalleryWriter, file: Annotated[UploadFile, File()]) -> Envelope[SymbolImportOut]:
    return ok(await service.preview(await file.read(SVG_MAX_BYTES + 1)))


@router.post("/yun/resourcesInfo/symbol")
@body_limit(_BODY, ErrorCode.SVG_TOO_LARGE, size=SVG_SIZE_TEXT)
async def import_symbol(
    actor: GalleryWriter,
    session: SessionDep,
    file: Annotated[UploadFile, File()],
    name: Annotated[str, Form()] = "",
    category: Annotated[SymbolCategory, Form()] = "other",
) -> Envelope[SymbolImportOut]:
    data = await file.read(SVG_MAX_BYTES + 1)
    return ok(await service.import_symbol(session, actor, name=name, category=category, data=data))


@router.put("/yun/resourcesInfo/symbol")
async def update_symbol(body: SymbolUpdateIn, actor: GalleryWriter, session: SessionDep) -> Envelope[SymbolOut]:
    return ok(await service.update_symbol(session, actor, body))


@router.delete("/yun/resourcesInfo/symbol")
async def delete_symbol(
    symbol_id: Annotated[int, Query(alias="id")], actor: GalleryWriter, session: SessionDep
) -> Envelope[None]:
    await service.delete_symbol(session, actor, symbol_id)
    return ok()


@router.get(
    "/yun/resourcesInfo/symbol/file/{file_name}",
    response_model=None,
    responses={200: {"description": "The sanitised SVG", "content": {"image/svg+xml": {"schema": {"type": "string"}}}}},
)
@read_only
async def symbol_file(
    file_name: str, _: Anonymous, session: SessionDep, if_none_match: Annotated[str | None, Header()] = None
) -> Response:
    # No token: the designer, the runtime and a share link draw it; the unguessable key is the right to read.
    text, etag = await service.file_of(session, file_name)
    headers = {
        "Cache-Control": service.CACHE_CONTROL,
        "ETag": etag,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": service.SVG_CSP,
    }
    if if_none_match == etag:
        return Response(status_code=304, headers=headers)
    return Response(text, media_type="image/svg+xml", headers=headers)
