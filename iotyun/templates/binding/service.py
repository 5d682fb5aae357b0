"""Binding rules: a caller binds their own registered devices (not VPN ones) to a template they own or received
with the `bind` item; a device has one template at a time. Batches are all or nothing: every check runs over the
whole batch before anything is written."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.pagination import Page, PageParams
from iotyun.devices import service as device_service
from iotyun.templates import access, changes, compat
from iotyun.templates import repository as template_repo
from iotyun.templates.binding import repository as repo
from iotyun.templates.binding.repository import DeviceRow
from iotyun.templates.binding.schemas import BindDeviceOut, BindIn, BindRowOut
from iotyun.templates.models import TemplateBinding


def _row_out(row: DeviceRow, used_types: list[str]) -> BindRowOut:
    firmware = row.gateway.firmware_version or ""
    missing = compat.missing_types(firmware, used_types)
    return BindRowOut(
        device=BindDeviceOut(
            id=row.device.id,
            sn_code=row.device.sn,
            alias=row.device.alias,
            dev_state=row.gateway.dev_state,
            firmware_version=firmware,
            vpn_state=row.gateway.vpn_state,
            group_name=row.group_name,
        ),
        bound_template_id=row.template_id,
        bound_template_name=row.template_name,
        supported=not missing,
        missing_types=missing,
    )


async def list_devices(
    session: AsyncSession, actor: Actor, template_id: int, params: PageParams, *, q: str | None, bound: bool | None
) -> Page[BindRowOut]:
    """The caller's registered devices with their binding and their compatibility with the template."""
    template = (await access.template_for(session, actor, template_id, "bind")).template
    used = list(await template_repo.data_source_types(session, template.id))
    rows, total = await repo.devices_page(session, actor, template.id, params, q=q, bound=bound)
    return Page(items=[_row_out(r, used) for r in rows], total=total, page=params.page, page_size=params.page_size)


async def _own_all(session: AsyncSession, actor: Actor, device_ids: list[int]) -> list[DeviceRow]:
    ids = list(dict.fromkeys(device_ids))
    rows = await repo.own_devices(session, actor, ids)
    if len(rows) != len(ids):
        raise AppError(ErrorCode.NO_TRANSFER_RIGHT, field="device_ids")
    return rows


async def bind(session: AsyncSession, actor: Actor, body: BindIn) -> None:
    """Bind the caller's devices to a template; a device already bound to it stays as it is."""
    template = (await access.template_for(session, actor, body.template_id, "bind")).template
    rows = await _own_all(session, actor, body.device_ids)
    if any(r.gateway.vpn_state for r in rows):
        raise AppError(ErrorCode.VPN_DEVICE_CANNOT_BIND_TEMPLATE, field="device_ids")
    if any(r.template_id is not None and r.template_id != template.id for r in rows):
        raise AppError(ErrorCode.DEVICE_TEMPLATE_BOUND, field="device_ids")
    new = [r.device for r in rows if r.template_id is None]
    if not new:
        return
    for device in new:
        session.add(
            TemplateBinding(
                tenant_id=device.tenant_id, device_id=device.id, template_id=template.id, bound_by=actor.user_id
            )
        )
    await session.flush()
    detail = {"template_id": template.id, "template_name": template.name}
    for device in new:
        await device_service.write_log(session, device.tenant_id, device, "template_bind", actor, detail)
    sns = [d.sn for d in new]
    await changes.record(
        session, template, actor, "bind", {"device_ids": [d.id for d in new], "sn_codes": sns}, bump=False
    )


async def unbind(session: AsyncSession, actor: Actor, body: BindIn) -> None:
    """Unbind the caller's devices from a template (devices not bound to it are left alone); a published template
    keeps its publication."""
    template = (await access.template_for(session, actor, body.template_id, "bind")).template
    rows = await _own_all(session, actor, body.device_ids)
    devices = {r.device.id: r.device for r in rows}
    gone = await repo.bindings(session, template.id, list(devices))
    if not gone:
        return
    for binding in gone:
        await session.delete(binding)
    await session.flush()
    unbound = [devices[b.device_id] for b in gone]
    detail = {"template_id": template.id, "template_name": template.name}
    for device in unbound:
        await device_service.write_log(session, device.tenant_id, device, "template_unbind", actor, detail)
    await changes.record(
        session,
        template,
        actor,
        "unbind",
        {"device_ids": [d.id for d in unbound], "sn_codes": [d.sn for d in unbound]},
        bump=False,
    )
