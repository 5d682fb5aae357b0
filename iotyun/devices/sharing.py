"""Who else sees a device: shares (any account, ≤10 per device, counted against the owner's device_share quota),
distributions (users of the owner's tenant), hand-over to another account and take-back by an administrator.
SPEC §5-§6: only the registering owner gives a device away; a receiver may only drop what was shared with them.
Every batch is all or nothing: the checks run over the whole batch before anything is written."""

from sqlalchemy import delete, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core import access
from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SHARE_USERS_MAX
from iotyun.core.permissions import DEVICE_SHARE
from iotyun.devices import repository as repo
from iotyun.devices import service as device_service
from iotyun.devices.groups import repository as group_repo
from iotyun.devices.models import (
    GRANT_DISTRIBUTION,
    GRANT_SHARE,
    CarouselItem,
    Device,
    DeviceGrant,
    FlowCard,
    GpsPoint,
    ThumbnailItem,
    VirtualDevice,
    VirtualDeviceMember,
)
from iotyun.devices.schemas import (
    DistributeIn,
    DistributionCancelIn,
    GrantOut,
    ReceivedShareGroupIn,
    ShareIn,
    SharesOut,
    TakebackIn,
    TransferIn,
)
from iotyun.messages import service as message_service
from iotyun.team import hooks as team_hooks
from iotyun.team import quotas as team_quotas
from iotyun.team import service as team_service


async def _owned_all(session: AsyncSession, actor: Actor, device_ids: list[int], code: ErrorCode) -> list[Device]:
    """Every listed device, each registered and owned by the caller; else `code`."""
    ids = list(dict.fromkeys(device_ids))
    devices = await repo.managed(session, actor, ids)
    if len(devices) != len(ids) or not all(d.registered for d in devices):
        raise AppError(code, field="device_ids")
    return devices


def _grant_out(grant: DeviceGrant, user: User) -> GrantOut:
    return GrantOut(
        user_id=user.id,
        user_name=user.user_name,
        nick_name=user.nick_name,
        can_write=grant.can_write,
        created_at=epoch_ms(grant.created_at) or 0,
    )


# --- shares ----------------------------------------------------------------------------------------------------


async def list_shares(session: AsyncSession, actor: Actor, device_id: int) -> SharesOut:
    """The owner's view of a device's shares and how many more it may have."""
    await device_service.owned_device(session, actor, device_id, ErrorCode.SHARE_OWN_DEVICES_ONLY)
    rows = await repo.grants_with_users(session, device_id, GRANT_SHARE)
    return SharesOut(items=[_grant_out(g, u) for g, u in rows], remaining=max(SHARE_USERS_MAX - len(rows), 0))


async def share(session: AsyncSession, actor: Actor, body: ShareIn) -> None:
    """Share the caller's devices with accounts of any tenant (all or nothing)."""
    actor.need_device(DEVICE_SHARE)
    devices = await _owned_all(session, actor, body.device_ids, ErrorCode.SHARE_OWN_DEVICES_ONLY)
    accounts = [a.strip() for a in body.accounts]
    if len({a.lower() for a in accounts}) != len(accounts):
        raise AppError(ErrorCode.SHARE_DUPLICATE_USER, field="accounts")
    users: list[User] = []
    for account in accounts:
        user = await repo.user_by_account(session, account) if account else None
        if user is not None and user.id == actor.user_id:
            raise AppError(ErrorCode.SHARE_TO_SELF, field="accounts")
        if user is None:
            raise AppError(ErrorCode.SHARE_USER_NOT_FOUND, field="accounts", value=account)
        users.append(user)
    if len({u.id for u in users}) != len(users):
        raise AppError(ErrorCode.SHARE_DUPLICATE_USER, field="accounts")
    existing = await repo.grants(session, [d.id for d in devices], GRANT_SHARE)
    have = {(g.device_id, g.user_id): g for g in existing}
    new = [(d, u) for d in devices for u in users if (d.id, u.id) not in have]
    for d in devices:
        count = sum(1 for g in existing if g.device_id == d.id) + sum(1 for nd, _ in new if nd.id == d.id)
        if count > SHARE_USERS_MAX:
            raise AppError(ErrorCode.SHARE_LIMIT, field="accounts", limit=SHARE_USERS_MAX)
    if new:
        used = await repo.shares_given(session, actor.user_id)
        await team_quotas.check_quota(session, actor.user_id, "device_share", used + len(new) - 1)
    for d in devices:
        for u in users:
            grant = have.get((d.id, u.id))
            if grant is None:
                session.add(
                    DeviceGrant(
                        device_id=d.id,
                        user_id=u.id,
                        kind=GRANT_SHARE,
                        can_write=body.can_write,
                        granted_by=actor.user_id,
                    )
                )
            else:
                grant.can_write = body.can_write
    await session.flush()
    for d in devices:
        detail = {"user_ids": [u.id for u in users], "can_write": body.can_write}
        await device_service.write_log(session, actor.tenant_id, d, "share", actor, detail)
    got = {u for d, u in new}
    for u in users:
        if u in got:
            await _tell(session, u, "share", "messages.share.device", actor, [d for d, r in new if r is u])


async def cancel_share(session: AsyncSession, actor: Actor, device_id: int, user_id: int) -> None:
    """The owner removes one share."""
    device = await device_service.owned_device(session, actor, device_id, ErrorCode.SHARE_OWN_DEVICES_ONLY)
    grant = await repo.grant(session, device.id, user_id, GRANT_SHARE)
    if grant is None:
        raise AppError(ErrorCode.SHARE_NOT_FOUND, field="user_id")
    await session.delete(grant)
    await session.flush()
    access.changed(session, devices=[device.id])
    await device_service.write_log(session, actor.tenant_id, device, "share_cancel", actor, {"user_ids": [user_id]})


async def drop_received(session: AsyncSession, actor: Actor, device_id: int) -> None:
    """The receiver drops a share given to them (the owner's tenant logs it)."""
    grant = await repo.grant(session, device_id, actor.user_id, GRANT_SHARE)
    device = await repo.device_any_tenant(session, device_id) if grant is not None else None
    if grant is None or device is None:
        raise AppError(ErrorCode.SHARE_NOT_FOUND, field="device_id")
    await session.delete(grant)
    await session.flush()
    access.changed(session, devices=[device.id])
    detail = {"user_ids": [actor.user_id], "by": "receiver"}
    await device_service.write_log(session, device.tenant_id, device, "share_cancel", actor, detail)


async def file_received(session: AsyncSession, actor: Actor, body: ReceivedShareGroupIn) -> None:
    """The receiver files a device shared with them in one of their own tenant's groups (null: back to "shared with
    me"). Private to them: the device, its owner's view and the device log stay as they are."""
    grant = await repo.grant(session, body.device_id, actor.user_id, GRANT_SHARE)
    if grant is None:
        raise AppError(ErrorCode.SHARE_NOT_FOUND, field="device_id")
    if body.group_id is not None and await group_repo.group(session, actor.tenant_id, body.group_id) is None:
        raise AppError(ErrorCode.DEVICE_GROUP_NOT_FOUND, field="group_id")
    grant.group_id = body.group_id
    await session.flush()


# --- hand-over -------------------------------------------------------------------------------------------------


async def _detach(session: AsyncSession, device_ids: list[int], tenant_id: int) -> None:
    """Remove what the old tenant built on the devices: virtual-device bindings, thumbnails and carousel items."""
    await session.execute(
        update(VirtualDevice)
        .where(VirtualDevice.tenant_id == tenant_id, VirtualDevice.device_id.in_(device_ids))
        .values(device_id=None)
    )
    await session.execute(
        update(VirtualDevice)
        .where(VirtualDevice.tenant_id == tenant_id, VirtualDevice.gps_device_id.in_(device_ids))
        .values(gps_device_id=None)
    )
    await session.execute(
        delete(VirtualDeviceMember).where(
            VirtualDeviceMember.tenant_id == tenant_id, VirtualDeviceMember.device_id.in_(device_ids)
        )
    )
    await session.execute(
        delete(ThumbnailItem).where(ThumbnailItem.tenant_id == tenant_id, ThumbnailItem.device_id.in_(device_ids))
    )
    await session.execute(
        delete(CarouselItem).where(CarouselItem.tenant_id == tenant_id, CarouselItem.device_id.in_(device_ids))
    )


async def transfer(session: AsyncSession, actor: Actor, body: TransferIn) -> None:
    """Hand devices over to another account (any tenant), into its default group; every grant goes."""
    actor.need_device(DEVICE_SHARE)
    devices = await _owned_all(session, actor, body.device_ids, ErrorCode.NO_TRANSFER_RIGHT)
    account = body.account.strip()
    receiver = await repo.user_by_account(session, account) if account else None
    if receiver is not None and receiver.id == actor.user_id:
        raise AppError(ErrorCode.TRANSFER_TO_SELF, field="account")
    if receiver is None:
        raise AppError(ErrorCode.TRANSFER_USER_NOT_FOUND, field="account")
    ids = [d.id for d in devices]
    group = await device_service.default_group(session, receiver.tenant_id)
    await repo.delete_grants(session, ids)
    await _detach(session, ids, actor.tenant_id)
    # The device's own records follow it to the new tenant.
    for model in (FlowCard, GpsPoint):
        await session.execute(
            update(model)
            .where(model.device_id.in_(ids))
            .values(tenant_id=receiver.tenant_id)
            .execution_options(synchronize_session=False)
        )
    for d in devices:
        await device_service.write_log(session, actor.tenant_id, d, "transfer_out", actor, {"to": receiver.user_name})
        d.tenant_id = receiver.tenant_id
        d.owner_id = receiver.id
        d.group_id = group.id
    await session.flush()
    access.changed(session, devices=ids)
    for d in devices:
        await device_service.write_log(session, receiver.tenant_id, d, "transfer_in", actor, {"from": actor.user_name})
    await _tell(session, receiver, "handover", "messages.handover.device", actor, devices)


async def _tell(
    session: AsyncSession, user: User, kind: str, text_key: str, actor: Actor, devices: list[Device]
) -> None:
    """The receiver's inbox hears of devices shared or handed over to them (one message, linking the device when
    there is one)."""
    first = devices[0]
    await message_service.deliver(
        session,
        user.tenant_id,
        [user.id],
        kind,
        text_key=text_key,
        params={"user": actor.user_name, "count": len(devices), "name": first.alias or first.sn},
        link=("device", first.id) if len(devices) == 1 else None,
    )


# --- distribution ----------------------------------------------------------------------------------------------


async def list_distribution(session: AsyncSession, actor: Actor, device_id: int) -> list[GrantOut]:
    """The owner's view of the users a device is distributed to."""
    await device_service.owned_device(session, actor, device_id, ErrorCode.DISTRIBUTION_OWN_DEVICES_ONLY)
    return [_grant_out(g, u) for g, u in await repo.grants_with_users(session, device_id, GRANT_DISTRIBUTION)]


async def distribute(session: AsyncSession, actor: Actor, body: DistributeIn) -> None:
    """Give users of the caller's tenant the caller's devices; existing distributions take the new can_write."""
    actor.need_device(DEVICE_SHARE)
    devices = await _owned_all(session, actor, body.device_ids, ErrorCode.DISTRIBUTION_OWN_DEVICES_ONLY)
    user_ids = list(dict.fromkeys(body.user_ids))
    users = await repo.tenant_users(session, actor.tenant_id, user_ids)
    if len(users) != len(user_ids) or actor.user_id in user_ids:
        raise AppError(ErrorCode.DISTRIBUTION_TARGET_INVALID, field="user_ids")
    have = {
        (g.device_id, g.user_id): g for g in await repo.grants(session, [d.id for d in devices], GRANT_DISTRIBUTION)
    }
    for d in devices:
        for uid in user_ids:
            grant = have.get((d.id, uid))
            if grant is None:
                session.add(
                    DeviceGrant(
                        device_id=d.id,
                        user_id=uid,
                        kind=GRANT_DISTRIBUTION,
                        can_write=body.can_write,
                        granted_by=actor.user_id,
                    )
                )
            else:
                grant.can_write = body.can_write
    await session.flush()
    for d in devices:
        detail = {"user_ids": user_ids, "can_write": body.can_write}
        await device_service.write_log(session, actor.tenant_id, d, "distribute", actor, detail)


async def cancel_distribution(session: AsyncSession, actor: Actor, body: DistributionCancelIn) -> None:
    """Withdraw distributions; 110564 when none of the pairs exists."""
    devices = await _owned_all(session, actor, body.device_ids, ErrorCode.DISTRIBUTION_OWN_DEVICES_ONLY)
    wanted = set(body.user_ids)
    grants = [g for g in await repo.grants(session, [d.id for d in devices], GRANT_DISTRIBUTION) if g.user_id in wanted]
    if not grants:
        raise AppError(ErrorCode.DEVICE_NOT_DISTRIBUTED, field="user_ids")
    removed: dict[int, list[int]] = {}
    for g in grants:
        removed.setdefault(g.device_id, []).append(g.user_id)
        await session.delete(g)
    await session.flush()
    access.changed(session, devices=list(removed))
    for d in devices:
        if d.id in removed:
            detail = {"user_ids": sorted(removed[d.id])}
            await device_service.write_log(session, actor.tenant_id, d, "distribution_cancel", actor, detail)


# --- take-back -------------------------------------------------------------------------------------------------


async def takeback(session: AsyncSession, actor: Actor, body: TakebackIn) -> None:
    """The tenant administrator, or a secondary administrator over their group subtree, becomes the owner."""
    ids = list(dict.fromkeys(body.device_ids))
    devices = await repo.tenant_devices(session, actor.tenant_id, ids)
    if len(devices) != len(ids) or not (actor.is_admin or actor.is_group_admin):
        raise AppError(ErrorCode.TAKEBACK_NOT_ALLOWED, field="device_ids")
    if any(d.owner_id == actor.user_id for d in devices):
        raise AppError(ErrorCode.TAKEBACK_NOT_ALLOWED, field="device_ids")
    if not actor.is_admin:
        groups = await team_service.group_scope(session, actor) or set()
        owners = await repo.tenant_users(session, actor.tenant_id, {d.owner_id for d in devices})
        in_scope = {u.id for u in owners if u.group_id in groups}
        if any(d.owner_id not in in_scope for d in devices):
            raise AppError(ErrorCode.TAKEBACK_NOT_ALLOWED, field="device_ids")
    previous = {d.id: d.owner_id for d in devices}
    await repo.delete_grants(session, ids, GRANT_DISTRIBUTION)
    # A share the new owner held on the device is moot now.
    await session.execute(
        delete(DeviceGrant).where(DeviceGrant.device_id.in_(ids), DeviceGrant.user_id == actor.user_id)
    )
    for d in devices:
        d.owner_id = actor.user_id
    await session.flush()
    access.changed(session, devices=ids)
    for d in devices:
        await device_service.write_log(session, actor.tenant_id, d, "takeback", actor, {"from_user_id": previous[d.id]})


async def _quota_usage(session: AsyncSession, tenant_id: int, user_id: int) -> dict[str, int]:
    """Share grants on the user's devices (their device_share quota)."""
    return {"device_share": await repo.shares_given(session, user_id)}


team_hooks.quota_usage.connect(_quota_usage)
