"""Template rules: create, edit, copy, delete, publish (its screens' documents checked by templates.screens); the
middleware overview, the home page's summary and the configuration a gateway fetches (docs/api-templates.md)."""

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete as sql_delete
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SCREEN_SCHEMA_VERSION, TEMPLATE_NAME_MAX
from iotyun.core.pagination import Page, PageParams
from iotyun.core.permissions import TEMPLATE_DELETE
from iotyun.core.ratelimit import GatewaySecretGuard
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.core.texts import phrase
from iotyun.devices import service as device_service
from iotyun.devices.virtual import hooks as virtual_hooks
from iotyun.gateway.config_schema import DataSourceConfig, FaultConfig, GatewayConfig
from iotyun.team import hooks as team_hooks
from iotyun.team import quotas as team_quotas
from iotyun.templates import access, changes, compat
from iotyun.templates import repository as repo
from iotyun.templates.datasources import repository as ds_repo
from iotyun.templates.models import (
    SOURCE_CREATE,
    SOURCE_SHARE,
    DataSource,
    DataSourceGroup,
    Template,
    TemplateBinding,
    TemplatePublication,
    TemplateScreen,
    TemplateShare,
)
from iotyun.templates.monitor_tables import service as monitor_tables_service
from iotyun.templates.schemas import (
    DataSourceSummary,
    GroupSummary,
    HistoryEntry,
    HomeNavItem,
    HomeNavOut,
    MiddlewareDevice,
    MiddlewareOut,
    PublicationOut,
    TemplateCopyIn,
    TemplateIn,
    TemplateOut,
    TemplateUpdateIn,
)
from iotyun.templates.screens import repository as screen_repo
from iotyun.templates.screens import service as screen_service
from iotyun.templates.screens.document import model_ids
from iotyun.templates.screens.service import screen_out

_ALL = {ALL_TENANTS: True}


# --- TemplateOut -----------------------------------------------------------------------------------------------


async def outs(session: AsyncSession, actor: Actor, templates: Sequence[Template]) -> list[TemplateOut]:
    """TemplateOut of each template (counts read in one query per kind, not per template)."""
    ids = [t.id for t in templates]
    bound = await repo.bound_counts(session, ids)
    sources = await repo.data_source_counts(session, ids)
    web = await repo.screen_counts(session, ids, "web")
    mobile = await repo.screen_counts(session, ids, "mobile")
    owners = await repo.user_names(session, {t.owner_id for t in templates})
    groups = await repo.tile_group_names(session, {t.group_id for t in templates if t.group_id is not None})
    shared = await repo.share_items(session, actor.user_id, [t.id for t in templates if t.owner_id != actor.user_id])
    out = []
    for t in templates:
        own = t.owner_id == actor.user_id
        held = set(shared.get(t.id, [])) | {"view"}
        # What the caller may do: the relation's items that their role holds too (access.items_in_force).
        items = [i for i in access.ALL_ITEMS if (own or i in held) and actor.may_template(i)]
        out.append(
            TemplateOut(
                id=t.id,
                name=t.name,
                description=t.description,
                type=t.type,
                soft_type=t.soft_type,
                data_version=t.data_version,
                width=t.width,
                height=t.height,
                mobile_width=t.mobile_width,
                mobile_height=t.mobile_height,
                source=t.source,
                group_id=t.group_id if own else None,
                group_name=groups.get(t.group_id) if own and t.group_id is not None else None,
                owner_id=t.owner_id,
                owner_name=owners.get(t.owner_id, ""),
                published=t.published,
                published_version=t.published_version,
                published_release=t.releases or None,
                published_at=epoch_ms(t.published_at),
                version=t.version,
                changed_since_publish=t.published and (t.published_version or 0) < t.version,
                bound_count=bound.get(t.id, 0),
                web_screens=web.get(t.id, 0),
                mobile_screens=mobile.get(t.id, 0),
                data_source_count=sources.get(t.id, 0),
                relation="owner" if own else "share",
                permissions=items,
                created_at=epoch_ms(t.created_at) or 0,
                updated_at=epoch_ms(t.updated_at) or 0,
            )
        )
    return out


async def out(session: AsyncSession, actor: Actor, template: Template) -> TemplateOut:
    return (await outs(session, actor, [template]))[0]


# --- templates -------------------------------------------------------------------------------------------------


async def list_templates(
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
) -> Page[TemplateOut]:
    """A page of the caller's own or received templates."""
    rows, total = await repo.templates_page(
        session,
        actor,
        params,
        q=q,
        type_=type_,
        published=published,
        group_id=group_id,
        relation=relation,
        sort=sort,
        order=order,
    )
    return Page(items=await outs(session, actor, rows), total=total, page=params.page, page_size=params.page_size)


async def get(session: AsyncSession, actor: Actor, template_id: int) -> TemplateOut:
    """One template the caller reads (115001 otherwise)."""
    return await out(session, actor, (await access.template_for(session, actor, template_id)).template)


def _check_sizes(body: TemplateIn) -> None:
    """The template's sizes follow its screens' rule (115013)."""
    screen_service.check_size("web", body.width, body.height)
    screen_service.check_size("mobile", body.mobile_width, body.mobile_height, "mobile_")


async def _check_group(session: AsyncSession, actor: Actor, group_id: int | None) -> None:
    if group_id is not None and await repo.tile_group(session, actor.user_id, group_id) is None:
        raise AppError(ErrorCode.TILE_GROUP_NOT_FOUND, field="group_id")


async def _check_quota(session: AsyncSession, actor: Actor) -> None:
    await team_quotas.check_quota(session, actor, "template_create", await repo.owned_count(session, actor.user_id))


async def create(session: AsyncSession, actor: Actor, body: TemplateIn) -> TemplateOut:
    """A new template with its main web and mobile screens and its default data source group."""
    _check_sizes(body)
    await _check_group(session, actor, body.group_id)
    if await repo.name_taken(session, actor.user_id, body.name):
        raise AppError(ErrorCode.TEMPLATE_NAME_EXISTS, field="name")
    await _check_quota(session, actor)
    await screen_service.claim_screens(session, actor.user_id, len(screen_service.MAIN_SCREEN_KINDS))
    template = Template(tenant_id=actor.tenant_id, owner_id=actor.user_id, source=SOURCE_CREATE, **body.model_dump())
    session.add(template)
    await session.flush()
    session.add_all(screen_service.new_screens(template))
    session.add(
        DataSourceGroup(
            tenant_id=template.tenant_id, template_id=template.id, name=phrase("name.default_group"), is_default=True
        )
    )
    await changes.record(session, template, actor, "create", {"name": template.name}, bump=False)
    return await out(session, actor, template)


async def update_template(session: AsyncSession, actor: Actor, body: TemplateUpdateIn) -> TemplateOut:
    """Edit a template's own fields; a published one keeps its publication until published again."""
    found = await access.template_for(session, actor, body.id, "design")
    template = found.template
    _check_sizes(body)
    if found.is_owner:
        await _check_group(session, actor, body.group_id)
    if await repo.name_taken(session, template.owner_id, body.name, exclude=template.id):
        raise AppError(ErrorCode.TEMPLATE_NAME_EXISTS, field="name")
    values = body.model_dump(exclude={"id", "group_id"})
    if template.data_version != body.data_version and body.data_version == "1.0":
        # Going back to 1.0 drops the variables' own devices (1.0 reads everything from the bound device).
        await session.execute(
            update(DataSource)
            .where(DataSource.template_id == template.id)
            .values(device_id=None)
            .execution_options(**_ALL)
        )
    for key, value in values.items():
        setattr(template, key, value)
    if found.is_owner:
        template.group_id = body.group_id
    await changes.record(session, template, actor, "update", {"name": template.name})
    return await out(session, actor, template)


async def delete(session: AsyncSession, actor: Actor, template_id: int) -> None:
    """Delete an unpublished own template with everything of it (bindings included)."""
    template = await access.owned(session, actor, template_id, TEMPLATE_DELETE)
    if template.published:
        raise AppError(ErrorCode.TEMPLATE_PUBLISHED)
    await changes.record(session, template, actor, "delete", {"name": template.name}, bump=False)
    for model in (TemplateBinding, TemplateShare, TemplatePublication, DataSource, TemplateScreen):
        await session.execute(sql_delete(model).where(model.template_id == template.id).execution_options(**_ALL))
    await session.execute(
        sql_delete(DataSourceGroup).where(DataSourceGroup.template_id == template.id).execution_options(**_ALL)
    )
    await session.delete(template)
    await session.flush()


def _copy_name(name: str, lang: str, taken: set[str]) -> str:
    suffix = phrase("name.copy_suffix", lang)
    base = (name[: TEMPLATE_NAME_MAX - len(suffix)] + suffix).strip()
    candidate, n = base, 2
    while candidate in taken:
        tail = f"{suffix} {n}"
        candidate = (name[: TEMPLATE_NAME_MAX - len(tail)] + tail).strip()
        n += 1
    return candidate


async def copy(session: AsyncSession, actor: Actor, body: TemplateCopyIn, lang: str) -> TemplateOut:
    """A new template of the caller with the source's screens, data sources and monitoring tables, unpublished and
    unbound."""
    source = await access.template_for(session, actor, body.id, "copy")
    taken = await repo.names_of_owner(session, actor.user_id)
    name = body.name or _copy_name(source.template.name, lang, taken)
    if name in taken:
        raise AppError(ErrorCode.TEMPLATE_NAME_EXISTS, field="name")
    await _check_quota(session, actor)
    src = source.template
    copied = Template(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        name=name,
        description=src.description,
        type=src.type,
        soft_type=src.soft_type,
        data_version=src.data_version,
        width=src.width,
        height=src.height,
        mobile_width=src.mobile_width,
        mobile_height=src.mobile_height,
        source=SOURCE_CREATE if source.is_owner else SOURCE_SHARE,
        copied_from_id=src.id,
    )
    session.add(copied)
    await session.flush()
    group_map: dict[int, int] = {}
    for group, _ in await repo.groups_with_counts(session, src.id):
        new_group = DataSourceGroup(
            tenant_id=copied.tenant_id,
            template_id=copied.id,
            name=group.name,
            is_default=group.is_default,
            sort=group.sort,
        )
        session.add(new_group)
        await session.flush()
        group_map[group.id] = new_group.id
    same_tenant = src.tenant_id == actor.tenant_id
    pairs: list[tuple[int, DataSource]] = []
    for ds in await repo.data_sources(session, src.id):
        values = {
            c.key: getattr(ds, c.key)
            for c in DataSource.__table__.columns
            if c.key not in ("id", "created_at", "updated_at")
        }
        values.update(tenant_id=copied.tenant_id, template_id=copied.id, group_id=group_map[ds.group_id])
        if not same_tenant:
            values["device_id"] = None  # another tenant's devices are not the copier's
        copy_ds = DataSource(**values)
        session.add(copy_ds)
        pairs.append((ds.id, copy_ds))
    await session.flush()
    source_map = {old: new.id for old, new in pairs}
    await screen_service.copy_screens(session, src.id, copied, source_map)
    await monitor_tables_service.copy_tables(session, src.id, copied, source_map)
    await changes.record(session, copied, actor, "copy", {"from": src.id, "from_name": src.name}, bump=False)
    return await out(session, actor, copied)


def snapshot(
    template: Template,
    groups: list[DataSourceGroup],
    sources: list[DataSource],
    screens: list[TemplateScreen],
    devices: dict[int, str],
    documents: dict[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """What a publication freezes; `documents` are the screens' documents as checked for it (default: as stored)."""
    documents = documents or {}
    return {
        "template_id": template.id,
        "name": template.name,
        "version": template.version,
        "data_version": template.data_version,
        "groups": [{"id": g.id, "name": g.name} for g in groups],
        "data_sources": [data_source_config(ds, devices).model_dump(mode="json") for ds in sources],
        "screens": [
            {
                "id": s.id,
                "kind": s.kind,
                "name": s.name,
                "is_main": s.is_main,
                "sort": s.sort,
                "schema_version": SCREEN_SCHEMA_VERSION if s.id in documents else s.schema_version,
                "document": documents.get(s.id, s.document),
            }
            for s in screens
        ],
    }


def data_source_config(ds: DataSource, devices: dict[int, str]) -> DataSourceConfig:
    """One variable as the gateway reads it (docs/device-protocol.md)."""
    return DataSourceConfig(
        id=ds.id,
        name=ds.name,
        group_id=ds.group_id,
        data_type=ds.data_type,
        area=ds.area,
        address=ds.address,
        bit_index=ds.bit_index,
        byte_order=ds.byte_order,
        word_order=ds.word_order,
        string_length=ds.string_length,
        rw=ds.rw,
        scale=ds.scale,
        offset=ds.offset,
        unit=ds.unit,
        decimals=ds.decimals,
        min_value=ds.min_value,
        max_value=ds.max_value,
        history=ds.history,
        history_interval_s=ds.history_interval_s,
        aggregate=ds.aggregate,
        faults=[FaultConfig.model_validate(f) for f in ds.faults or []],
        device_sn=devices.get(ds.device_id) if ds.device_id is not None else None,
    )


async def _device_sns(session: AsyncSession, sources: list[DataSource]) -> dict[int, str]:
    ids = {ds.device_id for ds in sources if ds.device_id is not None}
    if not ids:
        return {}
    return await ds_repo.device_sns(session, ids)


async def publish(session: AsyncSession, actor: Actor, template_id: int) -> TemplateOut:
    """Freeze the template's current content as its publication: what bound gateways run from now on."""
    template = (await access.template_for(session, actor, template_id, "publish")).template
    if not (await repo.bound_counts(session, [template.id])).get(template.id):
        raise AppError(ErrorCode.TEMPLATE_UNBOUND_CANNOT_PUBLISH)
    groups = [g for g, _ in await repo.groups_with_counts(session, template.id)]
    sources = await repo.data_sources(session, template.id)
    screens = await screen_repo.screens(session, template.id)
    documents = await screen_service.published_documents(session, screens)
    frozen = snapshot(template, groups, sources, screens, await _device_sns(session, sources), documents)
    release = await changes.freeze(session, template, frozen, actor.user_id)
    await changes.record(
        session, template, actor, "publish", {"version": template.version, "release": release}, bump=False
    )
    return await out(session, actor, template)


async def unpublish(session: AsyncSession, actor: Actor, template_id: int) -> TemplateOut:
    """Withdraw the publication: bound gateways get no configuration until it is published again."""
    template = (await access.template_for(session, actor, template_id, "publish")).template
    if not template.published:
        raise AppError(ErrorCode.TEMPLATE_NOT_PUBLISHED)
    template.published = False
    await changes.record(session, template, actor, "unpublish", {"version": template.published_version}, bump=False)
    return await out(session, actor, template)


async def middleware(session: AsyncSession, actor: Actor, template_id: int) -> MiddlewareOut:
    """The template's overview: screens, data source groups and types, bound devices, publication, history."""
    template = (await access.template_for(session, actor, template_id)).template
    types = await repo.data_source_types(session, template.id)
    devices = []
    for device, gateway in await repo.bound_devices(session, template.id):
        firmware = gateway.firmware_version if gateway is not None else None
        missing = compat.missing_types(firmware, types)
        devices.append(
            MiddlewareDevice(
                id=device.id,
                sn_code=device.sn,
                alias=device.alias,
                dev_state=gateway.dev_state if gateway is not None else None,
                firmware_version=firmware,
                supported=not missing,
                missing_types=missing,
            )
        )
    publication = await repo.latest_publication(session, template.id) if template.published_version else None
    names = await repo.user_names(session, {publication.published_by} if publication else set())
    return MiddlewareOut(
        template=await out(session, actor, template),
        screens=[screen_out(s, template) for s in await screen_repo.screens(session, template.id)],
        groups=[
            GroupSummary(id=g.id, name=g.name, is_default=g.is_default, count=n)
            for g, n in await repo.groups_with_counts(session, template.id)
        ],
        data_sources=DataSourceSummary(total=sum(types.values()), by_type=types),
        devices=devices,
        publication=PublicationOut(
            version=publication.version,
            release=publication.release,
            published_at=epoch_ms(publication.published_at) or 0,
            published_by=names.get(publication.published_by, ""),
        )
        if publication is not None
        else None,
        history=[
            HistoryEntry(
                action=h.action, user_name=h.user_name, detail=h.detail or {}, created_at=epoch_ms(h.created_at) or 0
            )
            for h in await repo.history(session, template.id)
        ],
        monitor_tables=await monitor_tables_service.count(session, template.id),
    )


async def home_nav(session: AsyncSession, actor: Actor) -> HomeNavOut:
    """The caller's own and received templates for the home page: counts and a short list."""
    rows = await repo.readable_templates(session, actor)
    bound = await repo.bound_counts(session, [t.id for t in rows])
    return HomeNavOut(
        total=len(rows),
        published=sum(1 for t in rows if t.published),
        items=[
            HomeNavItem(id=t.id, name=t.name, published=t.published, bound_count=bound.get(t.id, 0)) for t in rows[:50]
        ],
    )


# --- the gateway's configuration -------------------------------------------------------------------------------


async def device_config(
    session: AsyncSession, guard: GatewaySecretGuard, address: str, sn: str, secret: str
) -> GatewayConfig:
    """The publication a gateway runs: 110506 for an unknown SN or a wrong secret (one answer for both), 100008 after
    too many wrong secrets (docs/security.md "Throttles"), 115018 when its device has no bound published template."""
    gateway = await device_service.authenticate_gateway_guarded(session, guard, sn, secret, address)
    if gateway is None:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="sn_code")
    config = await published_config(session, gateway.sn)
    if config is None:
        raise AppError(ErrorCode.TEMPLATE_NOT_PUBLISHED)
    return config


async def bound_sns(session: AsyncSession, template_id: int) -> list[str]:
    """The SNs of the registered devices bound to a template (told when its publication changes)."""
    return await repo.bound_sns(session, template_id)


async def published_stamps(session: AsyncSession, device_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
    """(template id, latest version) of what each of these devices runs, for those bound to a published template:
    one light query, for callers that keep parsed publications (the ingest's config cache)."""
    return await repo.published_stamps(session, device_ids)


async def published_screens(session: AsyncSession, sn: str) -> tuple[Template, TemplatePublication] | None:
    """The template and publication whose screens the device registered under `sn` shows at runtime, or None without a
    bound published template. No access check: the caller has read the device (a shared device shows its owner's
    template)."""
    found = await repo.binding_of_sn(session, sn)
    if found is None:
        return None
    template = await repo.template_any(session, found[2].template_id)
    publication = await repo.latest_publication(session, template.id)
    if not template.published or publication is None:
        return None
    return template, publication


async def bound_template_id(session: AsyncSession, device_id: int) -> int | None:
    """The template the device is bound to, or None. No access check: the caller has read the device."""
    found = await repo.bound_template_ids(session, [device_id])
    return min(found) if found else None


async def published_model_ids(session: AsyncSession, device_ids: Sequence[int]) -> set[int]:
    """The gallery 3D models that the published screens of these devices' templates show, each template read once.
    No access check: the caller has read the devices (a share link's page asks it of the devices it shows)."""
    found: set[int] = set()
    for template_id in sorted(await repo.bound_template_ids(session, device_ids)):
        template = await repo.template_any(session, template_id)
        publication = await repo.latest_publication(session, template_id)
        if not template.published or publication is None:
            continue
        for screen in screen_service.runtime_screens(template, publication.snapshot):
            found.update(model_ids(screen.document))
    return found


async def published_config(session: AsyncSession, sn: str) -> GatewayConfig | None:
    """What the gateway registered under `sn` runs (docs/device-protocol.md), or None without a bound published
    template. No authentication: the caller has done it (the config fetch, the ingest of an authenticated broker)."""
    found = await repo.binding_of_sn(session, sn)
    if found is None:
        return None
    _, _, binding = found
    template = await repo.template_any(session, binding.template_id)
    publication = await repo.latest_publication(session, template.id)
    if not template.published or publication is None:
        return None
    snap = publication.snapshot
    return GatewayConfig.model_validate(
        {
            "sn_code": sn,
            "template_id": template.id,
            "version": publication.version,
            "published_at": epoch_ms(publication.published_at),
            "data_version": snap.get("data_version", "1.0"),
            "groups": snap.get("groups", []),
            "data_sources": snap.get("data_sources", []),
        }
    )


async def _holds_account(session: AsyncSession, tenant_id: int) -> ErrorCode | None:
    """Account cancellation waits for the tenant's templates to go."""
    return ErrorCode.CANCEL_HAS_TEMPLATES if await repo.tenant_count(session, tenant_id) else None


team_hooks.cancellation_blocker.connect(_holds_account)


async def _check_for_virtual_device(session: AsyncSession, actor: Actor, template_id: int) -> None:
    """A virtual device binds a template its owner reads: their own, or one shared with them (115001 otherwise)."""
    await access.template_for(session, actor, template_id)


virtual_hooks.check_template.connect(_check_for_virtual_device)
virtual_hooks.template_names.connect(repo.names_for_readers)


async def _quota_usage(session: AsyncSession, tenant_id: int, user_id: int) -> dict[str, int]:
    """Templates and screens the user owns (their template_create and screens quotas)."""
    return {
        "template_create": await repo.owned_count(session, user_id),
        "screens": await screen_repo.owned_screen_count(session, user_id),
    }


team_hooks.quota_usage.connect(_quota_usage)


async def bound_template_items(session: AsyncSession, actor: Actor, sn: str) -> tuple[int | None, list[str]]:
    """The template bound to the device registered under `sn` and what the actor may do on it (its relation's items
    their role holds; none when they do not hold the template): GET /dev/privileges. The caller has read the device."""
    found = await repo.binding_of_sn(session, sn)
    if found is None:
        return None, []
    template_id = found[2].template_id
    held = await access.held(session, actor, template_id)
    return template_id, [] if held is None else access.items_in_force(actor, held)
