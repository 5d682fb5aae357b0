"""HTTP routes of template data sources, their groups, and their xlsx import and export (docs/api-templates.md)."""

from typing import Annotated

from fastapi import APIRouter, File, Form, Query, UploadFile
from fastapi.responses import Response

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import IMPORT_MAX_BYTES, UPLOAD_BODY_MAX_BYTES
from iotyun.core.pagination import Page, PageDep
from iotyun.core.spreadsheets import XLSX_RESPONSES, xlsx_response
from iotyun.templates.datasources import files, service
from iotyun.templates.datasources.schemas import (
    DataSourceDeleteIn,
    DataSourceGroupIn,
    DataSourceGroupOut,
    DataSourceGroupUpdateIn,
    DataSourceIn,
    DataSourceOut,
    DataSourceUpdateIn,
    ImportReportOut,
)
from iotyun.templates.dependencies import TemplateUser

router = APIRouter(tags=["templates"])


@router.get("/yun/module/dataSource")
async def list_data_sources(
    template_id: int,
    actor: TemplateUser,
    session: SessionDep,
    page: PageDep,
    q: str | None = None,
    group_id: int | None = None,
    data_type: str | None = None,
) -> Envelope[Page[DataSourceOut]]:
    return ok(
        await service.list_data_sources(
            session,
            actor,
            template_id,
            page,
            q=(q or "").strip() or None,
            group_id=group_id,
            data_type=data_type or None,
        )
    )


@router.post("/yun/module/dataSource")
async def create_data_source(body: DataSourceIn, actor: TemplateUser, session: SessionDep) -> Envelope[DataSourceOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/module/dataSource")
async def update_data_source(
    body: DataSourceUpdateIn, actor: TemplateUser, session: SessionDep
) -> Envelope[DataSourceOut]:
    return ok(await service.update(session, actor, body))


@router.delete("/yun/module/dataSource")
async def delete_data_sources(body: DataSourceDeleteIn, actor: TemplateUser, session: SessionDep) -> Envelope[None]:
    await service.delete(session, actor, body)
    return ok()


# --- groups ----------------------------------------------------------------------------------------------------


@router.get("/yun/module/dataSource/group")
async def list_groups(template_id: int, actor: TemplateUser, session: SessionDep) -> Envelope[list[DataSourceGroupOut]]:
    return ok(await service.list_groups(session, actor, template_id))


@router.post("/yun/module/dataSource/group")
async def create_group(
    body: DataSourceGroupIn, actor: TemplateUser, session: SessionDep
) -> Envelope[DataSourceGroupOut]:
    return ok(await service.create_group(session, actor, body))


@router.put("/yun/module/dataSource/group")
async def update_group(
    body: DataSourceGroupUpdateIn, actor: TemplateUser, session: SessionDep
) -> Envelope[DataSourceGroupOut]:
    return ok(await service.update_group(session, actor, body))


@router.delete("/yun/module/dataSource/group")
async def delete_group(
    group_id: Annotated[int, Query(alias="id")], actor: TemplateUser, session: SessionDep
) -> Envelope[None]:
    await service.delete_group(session, actor, group_id)
    return ok()


# --- import and export -----------------------------------------------------------------------------------------


@router.get("/yun/module/dataSource/export", response_model=None, responses=XLSX_RESPONSES)
async def export_data_sources(template_id: int, actor: TemplateUser, session: SessionDep) -> Response:
    content = await files.export_data_sources(session, actor, template_id)
    return xlsx_response(content, f"data-sources-{template_id}.xlsx")


@router.post("/yun/module/dataSource/import")
@body_limit(UPLOAD_BODY_MAX_BYTES, ErrorCode.IMPORT_FILE_TOO_LARGE)
async def import_data_sources(
    actor: TemplateUser,
    session: SessionDep,
    template_id: Annotated[int, Form()],
    file: Annotated[UploadFile, File()],
) -> Envelope[ImportReportOut]:
    # One byte past the cap is enough to know the file is too large.
    data = await file.read(IMPORT_MAX_BYTES + 1)
    return ok(await files.import_data_sources(session, actor, template_id, file.filename or "", data))


@router.get("/yun/module/dataSource/import", response_model=None, responses=XLSX_RESPONSES)
async def import_template(actor: TemplateUser) -> Response:
    return xlsx_response(files.import_template(), "data-source-import.xlsx")
