"""Dashboard rules (SPEC §3, §5, §6, §8; issue 31 point 1): the tenant's dashboards in groups, each shown to everyone or
to chosen users, roles and user groups (the administrator and the owner always see it); a dashboard the caller does
not see answers 118001 like one that does not exist. Editing is P21200, or P101200 for a dashboard a business sector
holds (118005 otherwise); presenting full screen needs the role's fullscreen flag (118006). Names are unique in the
tenant (118004); a group holding dashboards is not deleted (202301)."""

from collections.abc import Collection
from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import DASHBOARD_GROUPS_MAX, DASHBOARD_NAME_MAX, DASHBOARDS_MAX, INT64_MAX
from iotyun.core.permissions import Perm
from iotyun.dashboards import document as doc
from iotyun.dashboards import repository as repo
from iotyun.dashboards.exposure import model_ids
from iotyun.dashboards.models import (
    AUDIENCE_ROLE,
    AUDIENCE_USER,
    AUDIENCE_USER_GROUP,
    VISIBLE_ALL,
    VISIBLE_PARTIAL,
    Dashboard,
    DashboardGroup,
)
from iotyun.dashboards.repository import Viewer
from iotyun.dashboards.schemas import (
    Audience,
    AudienceOptionOut,
    CardOutline,
    DashboardCopyIn,
    DashboardGroupIn,
    DashboardGroupOut,
    DashboardGroupUpdateIn,
    DashboardIn,
    DashboardOut,
    DashboardReorderIn,
    DashboardSaveIn,
    DashboardSummaryOut,
    DashboardUpdateIn,
)
from iotyun.resources import hooks as resource_hooks
from iotyun.system.menus import hooks as menu_hooks

_KINDS = ((AUDIENCE_USER, "user_ids"), (AUDIENCE_ROLE, "role_ids"), (AUDIENCE_USER_GROUP, "user_group_ids"))


def _may_edit(actor: Actor, dashboard_id: int, in_sectors: set[int]) -> bool:
    return actor.can(Perm.DASHBOARD_EDIT) or (actor.can(Perm.SECTOR_DASHBOARD_EDIT) and dashboard_id in in_sectors)


def _outline(stored: dict[str, Any]) -> list[CardOutline]:
    """The desktop places of the cards with their types (a stored document is the validated wire form)."""
    kinds = {card["id"]: card["type"] for card in stored.get("cards", [])}
    places = stored.get("layouts", {}).get("desktop", [])
    return [
        CardOutline(type=kinds[item["i"]], x=item["x"], y=item["y"], w=item["w"], h=item["h"])
        for item in places
        if item["i"] in kinds
    ]


def _summary(d: Dashboard, v: Viewer, owners: dict[int, str], in_sectors: set[int]) -> DashboardSummaryOut:
    stored = d.document or {}
    return DashboardSummaryOut(
        id=d.id,
        name=d.name,
        group_id=d.group_id,
        width=d.width,
        height=d.height,
        theme=d.theme,
        chart_theme=d.chart_theme,
        mobile=d.mobile,
        free_move=d.free_move,
        visibility="all" if d.visibility == VISIBLE_ALL else "partial",
        position=d.position,
        card_count=len(stored.get("cards", [])),
        outline=_outline(stored),
        owner_name=owners.get(d.owner_id, "") if d.owner_id is not None else "",
        updated_at=epoch_ms(d.updated_at) or 0,
        version=d.version,
        can_edit=_may_edit(v.actor, d.id, in_sectors),
        can_fullscreen=v.fullscreen,
    )


async def _out(session: AsyncSession, v: Viewer, d: Dashboard) -> DashboardOut:
    owners = await repo.owner_names(session, v.actor.tenant_id, [d.owner_id])
    in_sectors = await repo.in_sectors(session, v.actor.tenant_id, [d.id])
    summary = _summary(d, v, owners, in_sectors)
    audience = Audience()
    if summary.can_edit:
        lists: dict[int, list[int]] = {kind: [] for kind, _ in _KINDS}
        for kind, target in await repo.audience(session, d.id):
            lists[kind].append(target)
        audience = Audience(**{name: lists[kind] for kind, name in _KINDS})
    return DashboardOut(**summary.model_dump(), document=doc.read(d.document), audience=audience)


async def _visible(session: AsyncSession, v: Viewer, dashboard_id: int) -> Dashboard:
    d = await repo.dashboard(session, v, dashboard_id)
    if d is None:
        raise AppError(ErrorCode.DASHBOARD_NOT_FOUND, field="id")
    return d


async def _editable(session: AsyncSession, v: Viewer, dashboard_id: int) -> Dashboard:
    d = await _visible(session, v, dashboard_id)
    if not _may_edit(v.actor, d.id, await repo.in_sectors(session, v.actor.tenant_id, [d.id])):
        raise AppError(ErrorCode.DASHBOARD_NO_EDIT_PERMISSION, field="id")
    return d


async def _group_id(session: AsyncSession, actor: Actor, group_id: int | None) -> int | None:
    if group_id is not None and await repo.group(session, actor.tenant_id, group_id) is None:
        raise AppError(ErrorCode.NOT_FOUND, field="group_id")
    return group_id


async def _set_audience(session: AsyncSession, actor: Actor, d: Dashboard, visibility: str, audience: Audience) -> None:
    """Visibility all clears the audience; partial needs at least one of the tenant's users, roles or groups."""
    entries: list[tuple[int, int]] = []
    if visibility == "partial":
        for kind, name in _KINDS:
            ids: list[int] = getattr(audience, name)
            known = await repo.known_targets(session, actor.tenant_id, kind, ids)
            if any(i not in known for i in ids):
                raise AppError(ErrorCode.DASHBOARD_VISIBILITY_INVALID, field=f"audience.{name}")
            entries.extend((kind, i) for i in ids)
        if not entries:
            raise AppError(ErrorCode.DASHBOARD_VISIBILITY_INVALID, field="audience")
    d.visibility = VISIBLE_PARTIAL if visibility == "partial" else VISIBLE_ALL
    await repo.replace_audience(session, d, entries)


async def _unique_name(session: AsyncSession, actor: Actor, name: str, exclude: int | None = None) -> None:
    if await repo.name_taken(session, actor.tenant_id, name, exclude):
        raise AppError(ErrorCode.DASHBOARD_NAME_EXISTS, field="name")


# --- groups ---------------------------------------------------------------------------------------------------------


def _group_out(g: DashboardGroup, count: int) -> DashboardGroupOut:
    return DashboardGroupOut(id=g.id, name=g.name, position=g.position, dashboard_count=count)


async def list_groups(session: AsyncSession, actor: Actor) -> list[DashboardGroupOut]:
    counts = await repo.group_counts(session, await repo.viewer(session, actor))
    return [_group_out(g, counts.get(g.id, 0)) for g in await repo.groups(session, actor.tenant_id)]


async def create_group(session: AsyncSession, actor: Actor, body: DashboardGroupIn) -> DashboardGroupOut:
    if await repo.group_count(session, actor.tenant_id) >= DASHBOARD_GROUPS_MAX:
        raise AppError(ErrorCode.LIMIT_REACHED, field="name", limit=DASHBOARD_GROUPS_MAX)
    if await repo.group_name_taken(session, actor.tenant_id, body.name):
        raise AppError(ErrorCode.GROUP_NAME_EXISTS, field="name")
    existing = await repo.groups(session, actor.tenant_id)
    g = DashboardGroup(
        tenant_id=actor.tenant_id, name=body.name, position=max((x.position for x in existing), default=0) + 1
    )
    session.add(g)
    await session.flush()
    return _group_out(g, 0)


async def _group(session: AsyncSession, actor: Actor, group_id: int) -> DashboardGroup:
    g = await repo.group(session, actor.tenant_id, group_id)
    if g is None:
        raise AppError(ErrorCode.NOT_FOUND, field="id")
    return g


async def rename_group(session: AsyncSession, actor: Actor, body: DashboardGroupUpdateIn) -> DashboardGroupOut:
    g = await _group(session, actor, body.id)
    if await repo.group_name_taken(session, actor.tenant_id, body.name, exclude=g.id):
        raise AppError(ErrorCode.GROUP_NAME_EXISTS, field="name")
    g.name = body.name
    await session.flush()
    counts = await repo.group_counts(session, await repo.viewer(session, actor))
    return _group_out(g, counts.get(g.id, 0))


async def delete_group(session: AsyncSession, actor: Actor, group_id: int) -> None:
    g = await _group(session, actor, group_id)
    if await repo.group_holds_any(session, actor.tenant_id, g.id):
        raise AppError(ErrorCode.DASHBOARD_GROUP_NOT_EMPTY, field="id")
    await session.delete(g)
    await session.flush()


# --- dashboards -----------------------------------------------------------------------------------------------------


async def list_dashboards(
    session: AsyncSession, actor: Actor, group_id: int | None, keyword: str, mobile: bool | None
) -> list[DashboardSummaryOut]:
    v = await repo.viewer(session, actor)
    found = await repo.dashboards(session, v, group_id, keyword.strip(), mobile)
    owners = await repo.owner_names(session, actor.tenant_id, [d.owner_id for d in found])
    in_sectors = await repo.in_sectors(session, actor.tenant_id, [d.id for d in found])
    return [_summary(d, v, owners, in_sectors) for d in found]


async def get(
    session: AsyncSession, actor: Actor, dashboard_id: int, purpose: Literal["view", "edit", "fullscreen"]
) -> DashboardOut:
    """A dashboard the caller sees. Reading one needs the dashboards page (P20000), the mobile one (P100000), or the
    dashboard being in a business sector (/business and /detail are open to every signed-in user)."""
    v = await repo.viewer(session, actor)
    d = await _visible(session, v, dashboard_id)
    if not actor.can(Perm.DASHBOARD, Perm.MODULE) and not await repo.in_sectors(session, actor.tenant_id, [d.id]):
        raise AppError(ErrorCode.DASHBOARD_NOT_FOUND, field="id")
    out = await _out(session, v, d)
    if purpose == "edit" and not out.can_edit:
        raise AppError(ErrorCode.DASHBOARD_NO_EDIT_PERMISSION, field="id")
    if purpose == "fullscreen" and not out.can_fullscreen:
        raise AppError(ErrorCode.DASHBOARD_NO_FULLSCREEN_PERMISSION, field="id")
    return out


async def create(session: AsyncSession, actor: Actor, body: DashboardIn) -> DashboardOut:
    if await repo.count(session, actor.tenant_id) >= DASHBOARDS_MAX:
        raise AppError(ErrorCode.LIMIT_REACHED, field="name", limit=DASHBOARDS_MAX)
    await _unique_name(session, actor, body.name)
    group_id = await _group_id(session, actor, body.group_id)
    d = Dashboard(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        group_id=group_id,
        name=body.name,
        width=body.width,
        height=body.height,
        theme=body.theme,
        chart_theme=body.chart_theme,
        mobile=body.mobile,
        free_move=body.free_move,
        position=await repo.last_position(session, actor.tenant_id, group_id) + 1,
        document=doc.DashboardDocument().model_dump(mode="json"),
        version=1,
    )
    session.add(d)
    await session.flush()
    await _set_audience(session, actor, d, body.visibility, body.audience)
    return await _out(session, await repo.viewer(session, actor), d)


async def update(session: AsyncSession, actor: Actor, body: DashboardUpdateIn) -> DashboardOut:
    """A dashboard's settings: name, group, resolution, themes, flags, who sees it."""
    v = await repo.viewer(session, actor)
    d = await _editable(session, v, body.id)
    if body.name is not None:
        await _unique_name(session, actor, body.name, exclude=d.id)
        d.name = body.name
    if body.ungrouped:
        d.group_id = None
    elif body.group_id is not None:
        d.group_id = await _group_id(session, actor, body.group_id)
    for field in ("width", "height", "theme", "chart_theme", "mobile", "free_move"):
        value = getattr(body, field)
        if value is not None:
            setattr(d, field, value)
    if body.visibility is not None or body.audience is not None:
        visibility = body.visibility or ("all" if d.visibility == VISIBLE_ALL else "partial")
        await _set_audience(session, actor, d, visibility, body.audience or Audience())
    d.version += 1
    await session.flush()
    return await _out(session, v, d)


async def save(session: AsyncSession, actor: Actor, body: DashboardSaveIn) -> DashboardOut:
    """The editor's save of the document with the canvas settings; refused whole when another save came between
    (100023), so two editors never overwrite each other unseen."""
    v = await repo.viewer(session, actor)
    d = await _editable(session, v, body.id)
    if body.version != d.version:
        raise AppError(ErrorCode.CONFLICT, field="version")
    if body.name is not None:
        await _unique_name(session, actor, body.name, exclude=d.id)
        d.name = body.name
    for field in ("width", "height", "theme", "chart_theme", "mobile", "free_move"):
        value = getattr(body, field)
        if value is not None:
            setattr(d, field, value)
    d.document = body.document.model_dump(mode="json")
    d.version += 1
    await session.flush()
    return await _out(session, v, d)


async def delete(session: AsyncSession, actor: Actor, dashboard_id: int) -> None:
    v = await repo.viewer(session, actor)
    d = await _editable(session, v, dashboard_id)
    await session.delete(d)
    await session.flush()


def _copy_name(name: str, taken: set[str], lang_suffix: str = " 副本") -> str:
    for n in range(1, 1000):
        suffix = lang_suffix if n == 1 else f"{lang_suffix}{n}"
        candidate = name[: DASHBOARD_NAME_MAX - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
    raise AppError(ErrorCode.DASHBOARD_NAME_EXISTS, field="name")


async def copy(session: AsyncSession, actor: Actor, body: DashboardCopyIn) -> DashboardOut:
    """A copy of a dashboard the caller sees, after it in its group, with its document and audience, owned by the
    caller."""
    v = await repo.viewer(session, actor)
    src = await _visible(session, v, body.id)
    if await repo.count(session, actor.tenant_id) >= DASHBOARDS_MAX:
        raise AppError(ErrorCode.LIMIT_REACHED, field="id", limit=DASHBOARDS_MAX)
    if body.name is not None:
        await _unique_name(session, actor, body.name)
        name = body.name
    else:
        name = _copy_name(src.name, await repo.names_like(session, actor.tenant_id, src.name[:32]))
    d = Dashboard(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        group_id=src.group_id,
        name=name,
        width=src.width,
        height=src.height,
        theme=src.theme,
        chart_theme=src.chart_theme,
        mobile=src.mobile,
        free_move=src.free_move,
        visibility=src.visibility,
        position=await repo.last_position(session, actor.tenant_id, src.group_id) + 1,
        document=src.document,
        version=1,
    )
    session.add(d)
    await session.flush()
    await repo.replace_audience(session, d, await repo.audience(session, src.id))
    return await _out(session, v, d)


async def reorder(session: AsyncSession, actor: Actor, body: DashboardReorderIn) -> list[DashboardSummaryOut]:
    """`ids` in this order at the head of the group; every one must be a dashboard the caller sees (118001)."""
    v = await repo.viewer(session, actor)
    group_id = await _group_id(session, actor, body.group_id)
    found = await repo.visible_ids(session, v, body.ids)
    missing = [i for i in body.ids if i not in found]
    if missing:
        raise AppError(ErrorCode.DASHBOARD_NOT_FOUND, field="ids")
    for n, i in enumerate(body.ids):
        found[i].group_id = group_id
        found[i].position = n + 1
    await session.flush()
    return await list_dashboards(session, actor, 0 if group_id is None else group_id, "", None)


async def as_shared(session: AsyncSession, creator: Actor, dashboard_id: int) -> DashboardOut | None:
    """A dashboard as its share link shows it: as the link's creator sees it now (None when they no longer do), never
    editable, without its audience."""
    v = await repo.viewer(session, creator)
    d = await repo.dashboard(session, v, dashboard_id)
    if d is None:
        return None
    out = await _out(session, v, d)
    return out.model_copy(update={"can_edit": False, "audience": Audience()})


AUDIENCE_KINDS = {"user": AUDIENCE_USER, "role": AUDIENCE_ROLE, "user_group": AUDIENCE_USER_GROUP}
# The most options one look-up answers, and the most ids it names.
AUDIENCE_OPTIONS_MAX = 50


def parse_audience_ids(raw: str) -> list[int]:
    """Comma-separated ids of users, roles or user groups, each once, at most AUDIENCE_OPTIONS_MAX (100004 on ids)."""
    try:
        ids = list(dict.fromkeys(int(p) for p in raw.split(",") if p.strip()))
    except ValueError:
        raise AppError(ErrorCode.PARAM_INVALID, field="ids") from None
    if len(ids) > AUDIENCE_OPTIONS_MAX or any(not 1 <= i <= INT64_MAX for i in ids):
        raise AppError(ErrorCode.PARAM_INVALID, field="ids")
    return ids


async def audience_options(
    session: AsyncSession, actor: Actor, kind: Literal["user", "role", "user_group"], keyword: str, ids: str = ""
) -> list[AudienceOptionOut]:
    """Whom a dashboard may be shown to, for its editor: the tenant's users, roles or user groups by name, at most
    50 matching `keyword`; or, with `ids`, those of them the tenant has (the names of a dashboard's audience beyond
    the first options)."""
    found = await repo.audience_options(
        session, actor.tenant_id, AUDIENCE_KINDS[kind], keyword.strip(), AUDIENCE_OPTIONS_MAX, parse_audience_ids(ids)
    )
    return [AudienceOptionOut(id=i, name=n) for i, n in found]


async def _readable_for_menus(session: AsyncSession, actor: Actor, ids: Collection[int]) -> set[int]:
    """The dashboards of `ids` a custom menu entry may open for `actor`: the dashboard page's codes and its audience."""
    if not ids or not actor.can(Perm.DASHBOARD, Perm.MODULE):
        return set()
    return set(await repo.visible_ids(session, await repo.viewer(session, actor), ids))


# The custom menus (system/menus) name dashboards: which exist in a tenant, and which a reader opens.
menu_hooks.dashboards_in_tenant.connect(repo.tenant_dashboard_ids)
menu_hooks.dashboards_readable.connect(_readable_for_menus)


async def _shows_model(session: AsyncSession, tenant_id: int, model_id: int) -> bool:
    """Whether a 3D model card of a dashboard of the tenant (in a container's tab too) draws the gallery model."""
    return any(
        model_id in model_ids(doc.read(stored)) for stored in await repo.documents_with_models(session, tenant_id)
    )


# The gallery keeps a model a dashboard card draws (114508).
resource_hooks.model_in_use.connect(_shows_model)
