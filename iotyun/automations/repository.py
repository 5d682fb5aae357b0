"""Every SELECT of the automations' requests: a tenant's rules, the names a rule shows, and the ids a rule may name."""

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.automations.models import AutomationRule, AutomationTarget
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError
from iotyun.devices import scope
from iotyun.devices import service as device_service
from iotyun.devices.models import Device, DeviceGroup
from iotyun.notifications.models import WebhookSubscription
from iotyun.telemetry.public import user_can_write
from iotyun.templates.models import Template, TemplateBinding


async def rule(session: AsyncSession, tenant_id: int, rule_id: int) -> AutomationRule | None:
    stmt = select(AutomationRule).where(AutomationRule.tenant_id == tenant_id, AutomationRule.id == rule_id)
    return (await session.execute(stmt)).scalar_one_or_none()


def rules_query(
    tenant_id: int, keyword: str | None, enabled: bool | None, template_id: int | None
) -> Select[AutomationRule]:
    stmt = select(AutomationRule).where(AutomationRule.tenant_id == tenant_id)
    if keyword:
        like = "%" + keyword.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        stmt = stmt.where(
            or_(AutomationRule.name.like(like, escape="\\"), AutomationRule.description.like(like, escape="\\"))
        )
    if enabled is not None:
        stmt = stmt.where(AutomationRule.enabled.is_(enabled))
    if template_id is not None:
        stmt = stmt.where(AutomationRule.template_id == template_id)
    return stmt.order_by(AutomationRule.id.desc())


async def rule_count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).select_from(AutomationRule).where(AutomationRule.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def name_taken(session: AsyncSession, tenant_id: int, name: str, exclude: int | None) -> bool:
    stmt = select(AutomationRule.id).where(AutomationRule.tenant_id == tenant_id, AutomationRule.name == name)
    if exclude is not None:
        stmt = stmt.where(AutomationRule.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def readable_devices(session: AsyncSession, actor: Actor, ids: Collection[int], template_id: int) -> set[int]:
    """Of `ids`, the devices of the actor's tenant the actor reads that are bound to the template."""
    if not ids:
        return set()
    stmt = (
        (await scope.readable(session, actor, Device.id))
        .join(TemplateBinding, TemplateBinding.device_id == Device.id)
        .where(
            Device.id.in_(list(ids)), Device.tenant_id == actor.tenant_id, TemplateBinding.template_id == template_id
        )
    )
    return {int(i) for i in (await session.execute(stmt)).scalars()}


async def owner_writes(session: AsyncSession, actor: Actor, device_id: int) -> bool:
    """Whether the actor may write to the device (a console write's own checks before the device is asked)."""
    if not user_can_write(actor):
        return False
    try:
        return bool((await device_service.get_device(session, actor, device_id)).can_write)
    except AppError:  # not readable: no
        return False


async def device_group_name(session: AsyncSession, tenant_id: int, group_id: int) -> str | None:
    stmt = select(DeviceGroup.name).where(DeviceGroup.tenant_id == tenant_id, DeviceGroup.id == group_id)
    name = (await session.execute(stmt)).scalar_one_or_none()
    return None if name is None else str(name)


async def webhook_exists(session: AsyncSession, tenant_id: int, subscription_id: int) -> bool:
    stmt = select(WebhookSubscription.id).where(
        WebhookSubscription.tenant_id == tenant_id, WebhookSubscription.id == subscription_id
    )
    return (await session.execute(stmt)).first() is not None


async def target_exists(session: AsyncSession, tenant_id: int, target_id: int) -> bool:
    stmt = select(AutomationTarget.id).where(AutomationTarget.tenant_id == tenant_id, AutomationTarget.id == target_id)
    return (await session.execute(stmt)).first() is not None


async def device_aliases(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, str]:
    if not ids:
        return {}
    stmt = select(Device.id, Device.alias, Device.sn).where(Device.tenant_id == tenant_id, Device.id.in_(list(ids)))
    return {int(i): str(alias or sn) for i, alias, sn in (await session.execute(stmt)).all()}


@dataclass
class Names:
    users: dict[int, str] = field(default_factory=dict)
    templates: dict[int, str] = field(default_factory=dict)
    devices: dict[int, str] = field(default_factory=dict)
    groups: dict[int, str] = field(default_factory=dict)


async def names(session: AsyncSession, rules: Sequence[AutomationRule]) -> Names:
    out = Names()
    if not rules:
        return out
    tenant_id = rules[0].tenant_id
    user_ids = {r.owner_id for r in rules}
    stmt = select(User.id, User.user_name).where(User.id.in_(list(user_ids)))
    out.users = {int(i): str(n) for i, n in (await session.execute(stmt)).all()}
    template_ids = {r.template_id for r in rules}
    tstmt = select(Template.id, Template.name).where(Template.id.in_(list(template_ids)))
    out.templates = {int(i): str(n) for i, n in (await session.execute(tstmt)).all()}
    device_ids = {r.scope_id for r in rules if r.scope == "device" and r.scope_id is not None}
    out.devices = await device_aliases(session, tenant_id, device_ids)
    group_ids = [r.scope_id for r in rules if r.scope == "group" and r.scope_id is not None]
    if group_ids:
        gstmt = select(DeviceGroup.id, DeviceGroup.name).where(
            DeviceGroup.tenant_id == tenant_id, DeviceGroup.id.in_(group_ids)
        )
        out.groups = {int(i): str(n) for i, n in (await session.execute(gstmt)).all()}
    return out


async def group_devices(session: AsyncSession, tenant_id: int, group_id: int) -> set[int]:
    stmt = select(Device.id).where(Device.tenant_id == tenant_id, Device.group_id == group_id)
    return {int(i) for i in (await session.execute(stmt)).scalars()}
