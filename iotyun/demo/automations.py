"""Demo automations for `iotyun seed --demo` (issue 37 point 6): three rules a newcomer sees at work under
`serve --demo`, made through the automations' own services (every field checked as the console's form is), as the
demo's administrator:

- "高温通知": the cold store's 库温 above -15 ℃ for 30 s (the door left open: iotyun/demo/plant.py's ColdStore lets it
  climb past -15 ℃ within a minute, a few minutes after start and every 15–30 minutes after) tells the administrator
  on the console; it lets go below -18 ℃ (3 ℃ of hysteresis), back inside the thermostat's band.
- "夜间设定值": every night at 02:00 (the tenant's zone) 1号空压机's 设定压力 goes to 0.6 MPa (less air is drawn at
  night).
- "转发到数据表": each time the inverter's 日发电量 counts another kWh (every 30–120 s simulated) its five values go to
  the side table target "演示数据表" (kind `table`, the product's own `automation_forward_row`, no network), at most
  2 firings a minute.

Idempotent: nothing happens once the tenant has an automation rule or a forward target (a user's own, or these)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import repository as auth_repository
from iotyun.auth import service as auth_service
from iotyun.auth.models import User
from iotyun.automations import service as rules
from iotyun.automations import targets
from iotyun.automations.models import AutomationRule, AutomationTarget
from iotyun.automations.schemas import AutomationRuleIn
from iotyun.automations.targets_schemas import TargetIn
from iotyun.core.config import Settings
from iotyun.core.deps import Actor
from iotyun.core.timezones import DEFAULT_TIME_ZONE
from iotyun.devices.models import Device
from iotyun.templates.models import DataSource, Template

TARGET = "演示数据表 / Demo side table"
HIGH_TEMPERATURE = "高温通知"
NIGHT_SETPOINT = "夜间设定值"
FORWARD = "转发到数据表"
RULE_NAMES = (HIGH_TEMPERATURE, NIGHT_SETPOINT, FORWARD)

COLD_STORE = "冷库温控"
COMPRESSOR = "空压机监控"
SOLAR = "光伏逆变器监控"
# 库温 above this for HOLD_S fires; below it less HYSTERESIS lets go. The thermostat holds −21…−19 ℃ (setpoint −20);
# an open door drives the store towards 0 ℃ (the alarm 库温过高 comes at −12 ℃).
THRESHOLD_C = -15.0
HOLD_S = 30
HYSTERESIS_C = 3.0
NIGHT_TIME = "02:00"
NIGHT_DEVICE_SN = "IOT0000001"  # 1号空压机
NIGHT_PRESSURE_MPA = 0.6
# 日发电量 steps once every 30–120 s: two firings a minute never stop one, a burst (a reconnecting gateway replaying
# its buffer) cannot flood the table.
FORWARD_RATE_PER_MINUTE = 2


async def demo_actor(session: AsyncSession, user: User) -> Actor | None:
    """The administrator as the console's requests carry them (auth's actor_for_user, without binding the seed's
    system session to the tenant)."""
    row = await auth_repository.user_with_role(session, user.id)
    if row is None:
        return None
    user, role = row
    zone = user.time_zone or await auth_repository.tenant_zone(session, user.tenant_id) or DEFAULT_TIME_ZONE
    return Actor(
        user_id=user.id,
        tenant_id=user.tenant_id,
        user_name=user.user_name,
        role_code=role.code,
        permissions=auth_service.granted_codes(role, user),
        token_id=0,
        is_admin2=user.is_admin2,
        group_id=user.group_id,
        roles=auth_service.role_codes(role, user),
        device_permissions=auth_service.device_items(role.device_permissions),
        template_permissions=auth_service.template_items(role.template_permissions),
        time_zone=zone,
    )


async def _sources(session: AsyncSession, tenant_id: int, template: str) -> tuple[int, dict[str, int]] | None:
    """The demo template's id and its data sources (name → id), or None when the tenant has no such template."""
    template_id = await session.scalar(
        select(Template.id).where(Template.tenant_id == tenant_id, Template.name == template)
    )
    if template_id is None:
        return None
    stmt = select(DataSource.name, DataSource.id).where(DataSource.template_id == template_id).order_by(DataSource.sort)
    return int(template_id), {str(name): int(ds_id) for name, ds_id in (await session.execute(stmt)).all()}


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User], settings: Settings) -> None:
    """The side table target and the three rules, enabled; runs after the demo devices and templates."""
    admin = users.get("admin")
    if admin is None:
        return
    for model in (AutomationRule, AutomationTarget):
        if (await session.execute(select(model.id).where(model.tenant_id == tenant_id).limit(1))).first() is not None:
            return
    cold = await _sources(session, tenant_id, COLD_STORE)
    compressor = await _sources(session, tenant_id, COMPRESSOR)
    solar = await _sources(session, tenant_id, SOLAR)
    device_id = await session.scalar(
        select(Device.id).where(Device.tenant_id == tenant_id, Device.sn == NIGHT_DEVICE_SN, Device.registered)
    )
    actor = await demo_actor(session, admin)
    if actor is None or cold is None or compressor is None or solar is None or device_id is None:
        return
    target = await targets.create(session, actor, settings, TargetIn(name=TARGET, kind="table", config={}))

    cold_id, cold_sources = cold
    await rules.create(
        session,
        actor,
        AutomationRuleIn.model_validate(
            {
                "name": HIGH_TEMPERATURE,
                "description": "冷库库温高于 -15 ℃ 持续 30 秒（库门未关好时），在控制台通知管理员；回到 -18 ℃ 以下后复位，"
                "下次再超限时再通知。",
                "enabled": True,
                "template_id": cold_id,
                "scope": "template",
                "trigger": {
                    "kind": "threshold",
                    "source_id": cold_sources["库温"],
                    "op": "gt",
                    "value": THRESHOLD_C,
                    "hold_s": HOLD_S,
                    "hysteresis": HYSTERESIS_C,
                },
                "actions": [
                    {
                        "kind": "notify",
                        "user_ids": [admin.id],
                        "channels": ["console"],
                        "text": "{alias}：{name} {value} ℃，已超过 -15 ℃ 30 秒，请检查库门与制冷机组。",
                    }
                ],
            }
        ),
    )

    compressor_id, compressor_sources = compressor
    await rules.create(
        session,
        actor,
        AutomationRuleIn.model_validate(
            {
                "name": NIGHT_SETPOINT,
                "description": "每天凌晨 02:00 把 1号空压机的设定压力调到 0.6 MPa：夜间用气少，降压节能。",
                "enabled": True,
                "template_id": compressor_id,
                "scope": "device",
                "scope_id": device_id,
                "trigger": {"kind": "schedule", "schedule": {"type": "daily", "time": NIGHT_TIME}},
                "actions": [
                    {"kind": "write", "source_id": compressor_sources["设定压力"], "value": NIGHT_PRESSURE_MPA}
                ],
            }
        ),
    )

    solar_id, solar_sources = solar
    await rules.create(
        session,
        actor,
        AutomationRuleIn.model_validate(
            {
                "name": FORWARD,
                "description": "光伏逆变器的日发电量每增加 1 kWh，把它的全部读数写入演示数据表（产品自带的数据表，无需网络）。",
                "enabled": True,
                "template_id": solar_id,
                "scope": "template",
                "trigger": {"kind": "change", "source_id": solar_sources["日发电量"]},
                "actions": [{"kind": "forward", "target_id": target.id, "source_ids": list(solar_sources.values())}],
                "rate_per_minute": FORWARD_RATE_PER_MINUTE,
            }
        ),
    )
