"""What a rule does (docs/api-automations.md "Actions"), each through the part of the server that already does it:
a write through telemetry's control write as the rule's owner, a notification through the messages and the
notification channels' delivery log, a webhook through the outgoing webhooks' delivery log, a custom alarm through
the alarm list and its hook, a forward through forward.py. Each answers a short detail for the trace, or raises
`ActionFailed` (retry tells whether trying again may help)."""

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.alarms import hooks as alarm_hooks
from iotyun.alarms import repository as alarm_repo
from iotyun.alarms import service as alarm_service
from iotyun.alarms.models import PRODUCED, RECOVERED, Alarm
from iotyun.auth import service as auth_service
from iotyun.automations.models import AutomationFiring, AutomationRule, AutomationTarget
from iotyun.automations.schemas import AlarmAction, ForwardAction, NotifyAction, WebhookAction, WriteAction
from iotyun.core.config import Settings
from iotyun.core.db import epoch_ms
from iotyun.core.errors import AppError
from iotyun.core.tenancy import bind_tenant
from iotyun.devices.models import Device
from iotyun.messages import service as messages
from iotyun.notifications import channels
from iotyun.notifications import repository as notify_repo
from iotyun.notifications.fanout import webhook_payload
from iotyun.notifications.models import PENDING, NotifyDelivery, WebhookSubscription
from iotyun.telemetry.public import Telemetry, WriteIn, alarm_pushed, write_value

log = logging.getLogger("iotyun.automations.actions")

FIRED_EVENT = "automation.fired"


class ActionFailed(Exception):
    def __init__(self, reason: str, *, retry: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry = retry


@dataclass
class Run:
    """One run of one action of one firing."""

    sessionmaker: async_sessionmaker[AsyncSession]
    telemetry: Telemetry | None
    settings: Settings
    rule: AutomationRule
    firing: AutomationFiring
    index: int
    run: int
    now: datetime
    # The name of the data source that fired the rule ({name} in a text).
    source_name: str = ""

    @property
    def key(self) -> str:
        return f"auto:{self.firing.id}:{self.index}:{self.run}"

    def text(self, template: str) -> str:
        c = self.firing.context
        value = (c.get("inputs") or {}).get("value")
        fields = {
            "alias": c.get("alias") or "",
            "sn": c.get("sn") or "",
            "name": self.source_name,
            "value": "" if value is None else str(value),
            "rule": self.rule.name,
        }
        out = template
        for k, v in fields.items():
            out = out.replace("{" + k + "}", v)
        return out


async def _device(session: AsyncSession, firing: AutomationFiring) -> Device:
    device = (
        await session.execute(select(Device).where(Device.id == firing.device_id, Device.tenant_id == firing.tenant_id))
    ).scalar_one_or_none()
    if device is None:
        raise ActionFailed("device gone", retry=False)
    return device


async def write(run: Run, action: WriteAction) -> str:
    if run.telemetry is None:
        raise ActionFailed("the data path is not running here")
    if not run.firing.device_id:
        raise ActionFailed("a write needs a device", retry=False)
    async with run.sessionmaker() as session:
        actor = await auth_service.actor_for_user(session, run.rule.owner_id)
        if actor is None:
            raise ActionFailed("the rule's owner is locked or gone", retry=False)
        body = WriteIn(device_id=run.firing.device_id, data_source_id=action.source_id, value=action.value)
        via = {"by": "rule", "rule_id": run.rule.id, "rule_name": run.rule.name}
        try:
            out = await write_value(session, actor, run.telemetry, body, via=via)
        except AppError as e:
            await session.commit()  # the refusal's log entry
            # offline and timeouts may pass; a rule of the write refusing it will not
            retry = int(e.code) in _RETRY_CODES
            raise ActionFailed(f"write refused ({int(e.code)})", retry=retry) from None
        await session.commit()
    return f"#{action.source_id} = {out.value}"


def _retry_codes() -> frozenset[int]:
    from iotyun.core.errors import ErrorCode

    return frozenset({int(ErrorCode.DEVICE_OFFLINE), int(ErrorCode.DEVICE_TIMEOUT), int(ErrorCode.WRITE_FAILED)})


_RETRY_CODES = _retry_codes()


async def notify(run: Run, action: NotifyAction) -> str:
    text = run.text(action.text or "{rule}: {alias} {value}")[:500]
    title = run.rule.name[:100]
    async with run.sessionmaker() as session:
        bind_tenant(session, run.rule.tenant_id)
        users = await notify_repo.recipients(
            session, run.rule.tenant_id, action.user_ids, action.role_ids, action.group_ids
        )
        if not users:
            raise ActionFailed("no active recipient", retry=False)
        sent = 0
        if "console" in action.channels:
            link = ("device", run.firing.device_id) if run.firing.device_id else None
            await messages.deliver(
                session, run.rule.tenant_id, [u.id for u in users], "alarm", title=title, body=text, link=link
            )
            sent += len(users)
        for channel in ("email", "sms"):
            if channel not in action.channels:
                continue
            for u in users:
                address = u.email if channel == "email" else u.phone
                if not address:
                    continue
                key = f"{run.key}:{channel}:{u.id}"
                taken = await session.execute(select(NotifyDelivery.id).where(NotifyDelivery.key == key))
                if taken.first() is not None:
                    continue
                session.add(
                    NotifyDelivery(
                        tenant_id=run.rule.tenant_id,
                        event=FIRED_EVENT[:16],
                        channel=channel,
                        user_id=u.id,
                        address=address,
                        key=key,
                        subject=title,
                        body=text,
                        payload={"rule_id": run.rule.id, "firing": run.key},
                        state=PENDING,
                        next_at=run.now,
                    )
                )
                sent += 1
        await session.commit()
    return f"{sent} message(s) to {len(users)} user(s)"


async def webhook(run: Run, action: WebhookAction) -> str:
    async with run.sessionmaker() as session:
        bind_tenant(session, run.rule.tenant_id)
        sub = (
            await session.execute(
                select(WebhookSubscription).where(
                    WebhookSubscription.id == action.subscription_id,
                    WebhookSubscription.tenant_id == run.rule.tenant_id,
                )
            )
        ).scalar_one_or_none()
        if sub is None:
            raise ActionFailed("webhook subscription deleted", retry=False)
        if not sub.enabled:
            raise ActionFailed("webhook subscription disabled", retry=False)
        key = f"{run.key}:webhook"
        taken = await session.execute(select(NotifyDelivery.id).where(NotifyDelivery.key == key))
        if taken.first() is None:
            c = run.firing.context
            device = (
                {"id": run.firing.device_id, "sn": c.get("sn") or "", "alias": c.get("alias") or ""}
                if run.firing.device_id
                else None
            )
            data = {"rule_id": run.rule.id, "rule_name": run.rule.name, "inputs": c.get("inputs") or {}}
            session.add(
                NotifyDelivery(
                    tenant_id=run.rule.tenant_id,
                    subscription_id=sub.id,
                    event=FIRED_EVENT[:16],
                    channel=channels.WEBHOOK,
                    address=sub.url,
                    key=key,
                    payload=webhook_payload(FIRED_EVENT, key, run.rule.tenant_id, device, data, run.now),
                    state=PENDING,
                    next_at=run.now,
                )
            )
            await session.commit()
    return f"queued to {channels.masked(sub.url)}"


async def alarm(run: Run, action: AlarmAction) -> str:
    if not run.firing.device_id:
        raise ActionFailed("an alarm needs a device", retry=False)
    fault_key = f"rule:{run.rule.id}"
    pushed: list[Alarm] = []
    async with run.sessionmaker() as session:
        bind_tenant(session, run.rule.tenant_id)
        device = await _device(session, run.firing)
        open_alarms = await alarm_repo.open_alarms(session, device.id, fault_key)
        if action.mode == "raise":
            if open_alarms:
                return "already raised"
            source_id = int(run.firing.context.get("source_id") or 0)
            value = (run.firing.context.get("inputs") or {}).get("value")
            a = Alarm(
                tenant_id=device.tenant_id,
                device_id=device.id,
                owner_id=device.owner_id,
                sn=device.sn,
                dev_alias=(device.alias or "")[:32],
                data_source_id=source_id,
                data_source_name=run.source_name[:32],
                fault_key=fault_key,
                alarm_name=action.name[:32],
                alarm_level=action.level,
                alarm_type=PRODUCED,
                alarm_info=run.text(action.info)[:200],
                value=float(value) if isinstance(value, int | float) else None,
                alarm_time=run.now,
            )
            session.add(a)
            await session.flush()
            await alarm_hooks.alarm_changed.call(session, [a], alarm_hooks.PRODUCED_EVENT)
            await alarm_service.trim_storage(session, device.owner_id)
            pushed = [a]
        else:
            if not open_alarms:
                return "nothing to recover"
            for a in open_alarms:
                if a.alarm_type == PRODUCED:
                    a.alarm_type = RECOVERED
                a.recover_time = run.now
            await session.flush()
            await alarm_hooks.alarm_changed.call(session, list(open_alarms), alarm_hooks.RECOVERED_EVENT)
            pushed = list(open_alarms)
        await session.commit()
    if run.telemetry is not None:
        for a in pushed:
            try:
                await run.telemetry.hub.publish(alarm_pushed(alarm_service.to_out(a)))
            except Exception:
                log.warning("alarm push failed", exc_info=True)
    return f"{action.mode}d {action.name}".strip()


async def forward(run: Run, action: ForwardAction) -> str:
    from iotyun.automations import forward as sinks

    async with run.sessionmaker() as session:
        bind_tenant(session, run.rule.tenant_id)
        target = (
            await session.execute(
                select(AutomationTarget).where(
                    AutomationTarget.id == action.target_id, AutomationTarget.tenant_id == run.rule.tenant_id
                )
            )
        ).scalar_one_or_none()
        if target is None:
            raise ActionFailed("forward target deleted", retry=False)
        device = await _device(session, run.firing) if run.firing.device_id else None
        names = await _source_names(session, run.rule.template_id)
    c = run.firing.context
    values: dict[str, Any] = dict(c.get("values") or {})
    if run.telemetry is not None and run.firing.device_id:
        for k, v in run.telemetry.cache.get(run.firing.device_id).items():
            values.setdefault(str(k), v[0])
    wanted = [str(s) for s in action.source_ids] or (
        [str(c["source_id"])] if c.get("source_id") is not None else sorted(values)
    )
    ts = int((c.get("inputs") or {}).get("ts") or epoch_ms(run.now) or 0)
    rows = [
        sinks.ForwardRow(
            sn=device.sn if device else str(c.get("sn") or ""),
            device_id=run.firing.device_id,
            alias=(device.alias if device else str(c.get("alias") or "")) or "",
            data_source_id=int(s),
            name=names.get(int(s), ""),
            value=values.get(s),
            ts=ts,
        )
        for s in wanted
        if s in values
    ]
    if not rows:
        return "no value to forward"
    try:
        await sinks.deliver(
            target,
            rows,
            key=run.key,
            rule_id=run.rule.id,
            settings=run.settings,
            session_factory=run.sessionmaker,
        )
    except sinks.ForwardFailed as e:
        raise ActionFailed(e.reason, retry=e.retry) from None
    return f"{len(rows)} row(s) to {target.name}"


async def _source_names(session: AsyncSession, template_id: int) -> dict[int, str]:
    from iotyun.templates.models import DataSource

    stmt = select(DataSource.id, DataSource.name).where(DataSource.template_id == template_id)
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}
