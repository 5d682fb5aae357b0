"""HTTP routes of templates, publishing, the middleware overview, the home page's summary and the
gateway's configuration (docs/api-templates.md)."""

from typing import Annotated, Literal

from fastapi import APIRouter, BackgroundTasks, Header, Query

from iotyun.auth.dependencies import Anonymous
from iotyun.core.context import lang_var
from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import ClientIp, LimitersDep
from iotyun.devices import hooks as device_hooks
from iotyun.gateway.config_schema import GatewayConfig
from iotyun.templates import service
from iotyun.templates.dependencies import HomeReader, TemplateUser
from iotyun.templates.schemas import (
    HomeNavOut,
    MiddlewareOut,
    SortOrder,
    TemplateCopyIn,
    TemplateIdIn,
    TemplateIn,
    TemplateOut,
    TemplateSort,
    TemplateType,
    TemplateUpdateIn,
)

router = APIRouter(tags=["templates"])


@router.get("/yun/module")
async def list_templates(
    actor: TemplateUser,
    session: SessionDep,
    page: PageDep,
    q: str | None = None,
    type: TemplateType | None = None,
    published: bool | None = None,
    group_id: int | None = None,
    relation: Literal["own", "received", "all"] = "own",
    sort: TemplateSort = "updated_at",
    order: SortOrder = "desc",
) -> Envelope[Page[TemplateOut]]:
    return ok(
        await service.list_templates(
            session,
            actor,
            page,
            q=(q or "").strip() or None,
            type_=type,
            published=published,
            group_id=group_id,
            relation=relation,
            sort=sort,
            order=order,
        )
    )


@router.post("/yun/module")
async def create_template(body: TemplateIn, actor: TemplateUser, session: SessionDep) -> Envelope[TemplateOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/module")
async def update_template(body: TemplateUpdateIn, actor: TemplateUser, session: SessionDep) -> Envelope[TemplateOut]:
    return ok(await service.update_template(session, actor, body))


@router.delete("/yun/module")
async def delete_template(
    template_id: Annotated[int, Query(alias="id")], actor: TemplateUser, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, template_id)
    return ok()


@router.post("/yun/module/copy")
async def copy_template(body: TemplateCopyIn, actor: TemplateUser, session: SessionDep) -> Envelope[TemplateOut]:
    return ok(await service.copy(session, actor, body, lang_var.get()))


@router.post("/yun/module/publish")
async def publish_template(
    body: TemplateIdIn, actor: TemplateUser, session: SessionDep, background: BackgroundTasks
) -> Envelope[TemplateOut]:
    published = await service.publish(session, actor, body.id)
    # Told after the answer, i.e. after the commit, so a gateway that fetches at once gets the new publication.
    for sn in await service.bound_sns(session, body.id):
        background.add_task(device_hooks.config_changed.call, sn, published.published_version or 0)
    return ok(published)


@router.delete("/yun/module/publish")
async def unpublish_template(
    template_id: Annotated[int, Query(alias="id")], actor: TemplateUser, session: SessionDep
) -> Envelope[TemplateOut]:
    return ok(await service.unpublish(session, actor, template_id))


@router.get("/yun/module/middleware")
async def template_middleware(
    template_id: Annotated[int, Query(alias="id")], actor: TemplateUser, session: SessionDep
) -> Envelope[MiddlewareOut]:
    return ok(await service.middleware(session, actor, template_id))


@router.get("/yun/homenav/module")
async def home_nav(actor: HomeReader, session: SessionDep) -> Envelope[HomeNavOut]:
    return ok(await service.home_nav(session, actor))


# One template by id. A router of its own, mounted after every other /yun/module/... router (iotyun/api.py), so
# "/yun/module/dataSource" and its siblings are matched before this path parameter is.
detail_router = APIRouter(tags=["templates"])


@detail_router.get("/yun/module/{template_id}")
async def get_template(template_id: int, actor: TemplateUser, session: SessionDep) -> Envelope[TemplateOut]:
    return ok(await service.get(session, actor, template_id))


# --- the gateway's configuration -------------------------------------------------------------------------------


@router.get("/dev/config")
async def device_config(
    _: Anonymous,
    session: SessionDep,
    limiters: LimitersDep,
    ip: ClientIp,
    sn_code: str,
    x_device_secret: Annotated[str, Header()] = "",
) -> Envelope[GatewayConfig]:
    # The gateway authenticates with its SN and secret (docs/device-protocol.md), not with a user's token.
    return ok(await service.device_config(session, limiters.gateway_secret, ip, sn_code, x_device_secret))
