"""Template SELECTs: who reads a template (the conditions templates.access decides with), lists and counts over
the templates a caller reads, screen counts, groups, publications and the template log (a screen's own SELECTs are
in templates/screens/repository.py)."""

from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import ColumnElement, Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices.models import Device, Gateway
from iotyun.templates.models import (
    DataSource,
    DataSourceGroup,
    Template,
    TemplateBinding,
    TemplateGroup,
    TemplateLog,
    TemplatePublication,
    TemplateScreen,
    TemplateShare,
)

_ALL = {ALL_TENANTS: True}
# Ids per IN (…) list: far below SQLite's and PostgreSQL's limits on a statement's parameters.
_IN_SLICE = 500


def readable_condition(actor: Actor) -> ColumnElement[bool]:
    """The WHERE clause of the templates the actor reads (own, or shared with them in any tenant): templates.access
    decides with it."""
    shared = select(TemplateShare.template_id).where(TemplateShare.user_id == actor.user_id)
    return or_(Template.owner_id == actor.user_id, Template.id.in_(shared))


def readable(*columns: Any) -> Select[Any]:
    """SELECT over templates read through a share from any tenant: callers add readable_condition(actor)."""
    stmt = select(*columns) if columns else select(Template)
    return stmt.execution_options(**_ALL)


async def readable_template(session: AsyncSession, actor: Actor, template_id: int) -> Template | None:
    stmt = readable().where(Template.id == template_id, readable_condition(actor))
    template: Template | None = (await session.execute(stmt)).scalar_one_or_none()
    return template


async def readable_among(session: AsyncSession, actor: Actor, template_ids: Collection[int]) -> list[Template]:
    """The templates among `template_ids` the actor reads; the others are left out."""
    if not template_ids:
        return []
    stmt = readable().where(Template.id.in_(list(template_ids)), readable_condition(actor))
    return list((await session.execute(stmt)).scalars().all())


async def readable_templates(session: AsyncSession, actor: Actor) -> list[Template]:
    """Every template the actor reads, by name."""
    stmt = readable().where(readable_condition(actor)).order_by(Template.name)
    return list((await session.execute(stmt)).scalars().all())


async def share_of(session: AsyncSession, template_id: int, user_id: int) -> TemplateShare | None:
    stmt = select(TemplateShare).where(TemplateShare.template_id == template_id, TemplateShare.user_id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


_SORTS: dict[str, Any] = {"updated_at": Template.updated_at, "name": Template.name, "created_at": Template.created_at}


async def templates_page(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    q: str | None,
    type_: str | None,
    published: bool | None,
    group_id: int | None,
    relation: str,
    sort: str,
    order: str,
) -> tuple[list[Template], int]:
    """A page of the templates the caller reads, narrowed to own or received ones."""
    stmt = readable().where(readable_condition(actor))
    if relation == "own":
        stmt = stmt.where(Template.owner_id == actor.user_id)
    elif relation == "received":
        stmt = stmt.where(Template.owner_id != actor.user_id)
    if q:
        like = like_pattern(q.lower())
        stmt = stmt.where(
            or_(
                func.lower(Template.name).like(like, escape=LIKE_ESCAPE),
                func.lower(Template.description).like(like, escape=LIKE_ESCAPE),
            )
        )
    if type_:
        stmt = stmt.where(Template.type == type_)
    if published is not None:
        stmt = stmt.where(Template.published.is_(published))
    if group_id is not None:
        stmt = stmt.where(Template.group_id == group_id)
    total = int((await session.execute(stmt.with_only_columns(func.count(Template.id)))).scalar_one())
    column = _SORTS[sort]
    ordering = column.asc() if order == "asc" else column.desc()
    page = (
        stmt.order_by(ordering, Template.id.desc()).limit(params.page_size).offset((params.page - 1) * params.page_size)
    )
    return list((await session.execute(page)).scalars().all()), total


async def names_for_readers(session: AsyncSession, pairs: set[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """Names of templates by (template id, user id), for the pairs where that user reads the template: owns it, or
    it is shared with them (from any tenant, templates.access). A template the user no longer reads has no name."""
    if not pairs:
        return {}
    ids = {t for t, _ in pairs}
    stmt = select(Template.id, Template.owner_id, Template.name).where(Template.id.in_(ids)).execution_options(**_ALL)
    templates = {int(i): (int(o), str(n)) for i, o, n in (await session.execute(stmt)).all()}
    shared_stmt = select(TemplateShare.template_id, TemplateShare.user_id).where(TemplateShare.template_id.in_(ids))
    shared = {(int(t), int(u)) for t, u in (await session.execute(shared_stmt)).all()}
    return {(t, u): templates[t][1] for t, u in pairs if t in templates and (templates[t][0] == u or (t, u) in shared)}


async def tenant_count(session: AsyncSession, tenant_id: int) -> int:
    """The tenant's templates (account cancellation waits for none)."""
    stmt = select(func.count(Template.id)).where(Template.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def owned_count(session: AsyncSession, user_id: int) -> int:
    """Templates a user owns (the template_create quota counts them)."""
    stmt = select(func.count(Template.id)).where(Template.owner_id == user_id).execution_options(**_ALL)
    return int((await session.execute(stmt)).scalar_one())


async def name_taken(session: AsyncSession, owner_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(Template.id).where(Template.owner_id == owner_id, Template.name == name).execution_options(**_ALL)
    if exclude is not None:
        stmt = stmt.where(Template.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def names_of_owner(session: AsyncSession, owner_id: int) -> set[str]:
    stmt = select(Template.name).where(Template.owner_id == owner_id).execution_options(**_ALL)
    return set((await session.execute(stmt)).scalars().all())


async def user_names(session: AsyncSession, user_ids: Collection[int]) -> dict[int, str]:
    if not user_ids:
        return {}
    stmt = select(User.id, User.user_name).where(User.id.in_(list(user_ids))).execution_options(**_ALL)
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def tile_group_names(session: AsyncSession, group_ids: Collection[int]) -> dict[int, str]:
    if not group_ids:
        return {}
    stmt = select(TemplateGroup.id, TemplateGroup.name).where(TemplateGroup.id.in_(list(group_ids)))
    return {int(i): str(n) for i, n in (await session.execute(stmt.execution_options(**_ALL))).all()}


async def tile_group(session: AsyncSession, owner_id: int, group_id: int) -> TemplateGroup | None:
    stmt = select(TemplateGroup).where(TemplateGroup.id == group_id, TemplateGroup.owner_id == owner_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def _counts(session: AsyncSession, column: Any, ids: Collection[int], *where: Any) -> dict[int, int]:
    if not ids:
        return {}
    stmt = select(column, func.count()).where(column.in_(list(ids)), *where).group_by(column).execution_options(**_ALL)
    return {int(k): int(n) for k, n in (await session.execute(stmt)).all()}


async def bound_counts(session: AsyncSession, ids: Collection[int]) -> dict[int, int]:
    return await _counts(session, TemplateBinding.template_id, ids)


async def data_source_counts(session: AsyncSession, ids: Collection[int]) -> dict[int, int]:
    return await _counts(session, DataSource.template_id, ids)


async def screen_counts(session: AsyncSession, ids: Collection[int], kind: str) -> dict[int, int]:
    return await _counts(session, TemplateScreen.template_id, ids, TemplateScreen.kind == kind)


async def share_items(session: AsyncSession, user_id: int, ids: Collection[int]) -> dict[int, list[str]]:
    if not ids:
        return {}
    stmt = select(TemplateShare.template_id, TemplateShare.permissions).where(
        TemplateShare.user_id == user_id, TemplateShare.template_id.in_(list(ids))
    )
    return {int(t): list(p or []) for t, p in (await session.execute(stmt)).all()}


async def groups_with_counts(session: AsyncSession, template_id: int) -> list[tuple[DataSourceGroup, int]]:
    counts = (
        select(DataSource.group_id, func.count(DataSource.id).label("n"))
        .where(DataSource.template_id == template_id)
        .group_by(DataSource.group_id)
        .subquery()
    )
    stmt = (
        select(DataSourceGroup, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.group_id == DataSourceGroup.id)
        .where(DataSourceGroup.template_id == template_id)
        .order_by(DataSourceGroup.is_default.desc(), DataSourceGroup.sort, DataSourceGroup.id)
        .execution_options(**_ALL)
    )
    return [(g, int(n)) for g, n in (await session.execute(stmt)).all()]


async def data_source_types(session: AsyncSession, template_id: int) -> dict[str, int]:
    stmt = (
        select(DataSource.data_type, func.count(DataSource.id))
        .where(DataSource.template_id == template_id)
        .group_by(DataSource.data_type)
        .execution_options(**_ALL)
    )
    return {str(t): int(n) for t, n in (await session.execute(stmt)).all()}


async def data_sources(session: AsyncSession, template_id: int) -> list[DataSource]:
    stmt = (
        select(DataSource)
        .where(DataSource.template_id == template_id)
        .order_by(DataSource.sort, DataSource.id)
        .execution_options(**_ALL)
    )
    return list((await session.execute(stmt)).scalars().all())


async def bound_devices(session: AsyncSession, template_id: int) -> list[tuple[Device, Gateway | None]]:
    stmt = (
        select(Device, Gateway)
        .join(TemplateBinding, TemplateBinding.device_id == Device.id)
        .outerjoin(Gateway, Gateway.id == Device.gateway_id)
        .where(TemplateBinding.template_id == template_id)
        .order_by(Device.sn)
        .execution_options(**_ALL)
    )
    return [(d, g) for d, g in (await session.execute(stmt)).all()]


async def bound_template_ids(session: AsyncSession, device_ids: Sequence[int]) -> set[int]:
    """The templates the devices are bound to (each once), read in slices the databases' parameter limits allow."""
    found: set[int] = set()
    for start in range(0, len(device_ids), _IN_SLICE):
        part = device_ids[start : start + _IN_SLICE]
        stmt = (
            select(TemplateBinding.template_id)
            .where(TemplateBinding.device_id.in_(part))
            .distinct()
            .execution_options(**_ALL)
        )
        found.update((await session.scalars(stmt)).all())
    return found


async def latest_publication(session: AsyncSession, template_id: int) -> TemplatePublication | None:
    stmt = (
        select(TemplatePublication)
        .where(TemplatePublication.template_id == template_id)
        .order_by(TemplatePublication.version.desc())
        .limit(1)
        .execution_options(**_ALL)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def history(session: AsyncSession, template_id: int, limit: int = 50) -> list[TemplateLog]:
    stmt = (
        select(TemplateLog)
        .where(TemplateLog.template_id == template_id)
        .order_by(TemplateLog.id.desc())
        .limit(limit)
        .execution_options(**_ALL)
    )
    return list((await session.execute(stmt)).scalars().all())


async def published_stamps(session: AsyncSession, device_ids: Collection[int]) -> dict[int, tuple[int, int]]:
    stmt = (
        select(TemplateBinding.device_id, Template.id, func.max(TemplatePublication.version))
        .join(Template, TemplateBinding.template_id == Template.id)
        .join(TemplatePublication, TemplatePublication.template_id == Template.id)
        .where(TemplateBinding.device_id.in_(device_ids), Template.published.is_(True))
        .group_by(TemplateBinding.device_id, Template.id)
        .execution_options(**_ALL)
    )
    return {int(d): (int(t), int(v)) for d, t, v in (await session.execute(stmt)).all() if v is not None}


async def binding_of_sn(session: AsyncSession, sn: str) -> tuple[Device, Gateway, TemplateBinding] | None:
    """The registered device of an SN with its gateway and template binding, in whichever tenant holds it."""
    stmt = (
        select(Device, Gateway, TemplateBinding)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .join(TemplateBinding, TemplateBinding.device_id == Device.id)
        .where(Device.sn == sn, Device.registered.is_(True))
        .execution_options(**_ALL)
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else (row[0], row[1], row[2])


async def bound_sns(session: AsyncSession, template_id: int) -> list[str]:
    """The SNs of the registered devices bound to a template, in whichever tenant."""
    stmt = (
        select(Device.sn)
        .join(TemplateBinding, TemplateBinding.device_id == Device.id)
        .where(TemplateBinding.template_id == template_id, Device.registered.is_(True))
        .execution_options(**_ALL)
    )
    return [str(sn) for sn in (await session.scalars(stmt)).all()]


async def template_any(session: AsyncSession, template_id: int) -> Template:
    """A template of whichever tenant: a shared device runs its owner's template (the caller has checked access)."""
    stmt = select(Template).where(Template.id == template_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one()


async def publication_of_version(session: AsyncSession, template_id: int, version: int) -> TemplatePublication | None:
    """The publication of a template's version, if that version was published already."""
    stmt = select(TemplatePublication).where(
        TemplatePublication.template_id == template_id, TemplatePublication.version == version
    )
    return (await session.scalars(stmt)).first()
