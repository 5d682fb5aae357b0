"""HTTP routes of template binding (docs/api-templates.md)."""

from fastapi import APIRouter

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.templates.binding import service
from iotyun.templates.binding.schemas import BindIn, BindRowOut
from iotyun.templates.dependencies import TemplateBinder

router = APIRouter(tags=["templates"])


@router.get("/yun/module/bind")
@read_only
async def list_bind_devices(
    template_id: int,
    actor: TemplateBinder,
    session: SessionDep,
    page: PageDep,
    q: str | None = None,
    bound: bool | None = None,
) -> Envelope[Page[BindRowOut]]:
    return ok(await service.list_devices(session, actor, template_id, page, q=(q or "").strip() or None, bound=bound))


@router.post("/yun/module/bind")
async def bind_devices(body: BindIn, actor: TemplateBinder, session: SessionDep) -> Envelope[None]:
    await service.bind(session, actor, body)
    return ok()


@router.delete("/yun/module/bind")
async def unbind_devices(body: BindIn, actor: TemplateBinder, session: SessionDep) -> Envelope[None]:
    await service.unbind(session, actor, body)
    return ok()
