"""Demo devices for `iotyun seed --demo`: gateways registered to the demo users, with sites, groups and flow cards,
so every registry screen has something real to show on first start."""

from datetime import date, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core import security
from iotyun.core.db import utcnow
from iotyun.devices import service as device_service
from iotyun.devices.models import (
    DEV_OFFLINE,
    DEV_ONLINE,
    GRANT_DISTRIBUTION,
    GRANT_SHARE,
    Device,
    DeviceGrant,
    DeviceGroup,
    FlowCard,
    Gateway,
)

DEMO_SECRET = "iotyun123"  # noqa: S105 - the documented demo gateway secret

# province, city, area (GB/T 2260), address, latitude, longitude
_SITES = {
    "sh": ("310000", "310100", "310115", "上海市浦东新区张江路 88 号", 31.2035, 121.5914),
    "sz": ("440000", "440300", "440305", "深圳市南山区科技园南区 6 栋", 22.5405, 113.9531),
    "bj": ("110000", "110100", "110105", "北京市朝阳区酒仙桥路 10 号", 39.9702, 116.4952),
}

# sn suffix, alias, group key, site, model, firmware, online, vpn, owner. Every gateway shown online runs simulated
# under `serve --demo` and has a published template of its kind (iotyun/demo/templates.py). VPN devices cannot bind a
# template, so the two on VPN are offline ones; 13–16 are spares not yet deployed (offline, no template).
_DEVICES = [
    (1, "1号空压机", "workshop", "sh", "GW100", "2.1.0", True, False, "admin"),
    (2, "2号空压机", "workshop", "sh", "GW100", "2.1.0", True, False, "admin"),
    (3, "冷却塔", "workshop", "sh", "GW200", "3.0.2", True, False, "admin"),
    (4, "1号配电柜", "power", "sz", "GW200", "3.0.2", True, False, "admin"),
    (5, "2号配电柜", "power", "sz", "GW200", "3.0.1", False, True, "admin"),
    (6, "光伏逆变器", "power", "sz", "GW300", "1.4.0", True, False, "admin"),
    (7, "冷库温控", "cold", "bj", "GW100", "2.0.5", True, False, "admin"),
    (8, "冷链车 A", "cold", "bj", "GW300", "1.4.0", False, True, "admin"),
    (9, "锅炉房", "", "bj", "GW100", "2.1.0", True, False, "admin"),
    (10, "水泵站", "", "sh", "GW200", "3.0.2", False, False, "operator"),
    (11, "污水处理", "", "sz", "GW100", "2.0.5", True, False, "operator"),
    (12, "备用网关", "", "bj", "GW100", "2.1.0", False, False, "admin"),
    (13, "3号空压机", "workshop", "sh", "GW100", "2.1.0", False, False, "admin"),
    (14, "3号配电柜", "power", "sz", "GW200", "3.0.2", False, False, "admin"),
    (15, "2号冷库", "cold", "bj", "GW100", "2.0.5", False, False, "admin"),
    (16, "备用锅炉", "", "bj", "GW100", "2.1.0", False, False, "admin"),
]
_GROUPS = {
    "workshop": ("生产车间", "空压机与冷却"),
    "power": ("配电房", "配电与光伏"),
    "cold": ("冷链", "冷库与冷链车"),
}


def live_sns() -> list[str]:
    """The demo gateways the seed shows online: the ones `serve --demo` keeps online with simulated gateways."""
    return [f"IOT{row[0]:07d}" for row in _DEVICES if row[6]]


def seeded_sns() -> list[str]:
    """Every demo gateway's SN."""
    return [f"IOT{row[0]:07d}" for row in _DEVICES]


def spare_sns() -> list[str]:
    """The spares not yet deployed (13–16): offline, with no template and no history."""
    return [f"IOT{row[0]:07d}" for row in _DEVICES if row[0] >= 13]


def firmware(sn: str) -> str | None:
    """The firmware a demo gateway runs (and its simulated twin reports), or None for another SN."""
    return next((row[5] for row in _DEVICES if f"IOT{row[0]:07d}" == sn), None)


def _owner(users: dict[str, User], name: str) -> User:
    return users.get(name) or users.get("admin") or next(iter(users.values()))


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """Register the demo gateways, with groups, flow cards, a share, a distribution and a few log entries."""
    if not users:
        return
    admin = _owner(users, "admin")
    default = await device_service.default_group(session, tenant_id)
    groups: dict[str, DeviceGroup] = {"": default}
    for key, (name, notes) in _GROUPS.items():
        groups[key] = DeviceGroup(tenant_id=tenant_id, name=name, notes=notes, owner_id=admin.id)
        session.add(groups[key])
    await session.flush()
    secret_hash = security.hash_password_sync(DEMO_SECRET, device=True)
    now = utcnow()
    devices: list[Device] = []
    for n, alias, group, site, model, firmware, online, vpn, owner_name in _DEVICES:
        province, city, area, address, lat, lon = _SITES[site]
        gateway = Gateway(
            sn=f"IOT{n:07d}",
            secret_hash=secret_hash,
            model=model,
            firmware_version=firmware,
            back_end_version="1.0.0",
            shipment_no=f"SH2026{n:04d}",
            ip=f"10.8.0.{n + 10}" if online else "",
            dev_state=DEV_ONLINE if online else DEV_OFFLINE,
            report_time=now - timedelta(seconds=30 * n) if online else now - timedelta(days=n),
            vpn_state=vpn,
            vpn_ip=f"172.16.0.{n}" if vpn else "",
            has_gps=model == "GW300",
        )
        session.add(gateway)
        await session.flush()
        owner = _owner(users, owner_name)
        device = Device(
            tenant_id=tenant_id,
            gateway_id=gateway.id,
            sn=gateway.sn,
            owner_id=owner.id,
            alias=alias,
            group_id=groups[group].id,
            address=address,
            province_code=province,
            city_code=city,
            area_code=area,
            contact_name="王工",
            contact_phone=f"1380000{n:04d}",
            site_type="工厂",
            latitude=lat + n * 0.002,
            longitude=lon + n * 0.002,
            located_at=now,
            registered=n != 12,
        )
        session.add(device)
        await session.flush()
        devices.append(device)
        await device_service.write_log(session, tenant_id, device, "register", None, {"group_id": device.group_id})
        if not device.registered:
            await device_service.write_log(session, tenant_id, device, "unregister", None, None)
        elif online:
            await device_service.write_log(session, tenant_id, device, "online", None, {"ip": gateway.ip})
    today = date.today()
    for device, iccid, used in ((devices[0], "89860012345678900001", 312.5), (devices[3], "89860012345678900002", 940)):
        session.add(
            FlowCard(
                tenant_id=tenant_id,
                device_id=device.id,
                iccid=iccid,
                package_name="1G 年包",
                effective_date=today - timedelta(days=90),
                expiry_date=today + timedelta(days=275),
                total_mb=1024,
                used_mb=used,
                warning_mb=100,
                operator_state="activated",
            )
        )
    inspector, operator = users.get("inspector"), users.get("operator")
    if inspector is not None:
        session.add(DeviceGrant(device_id=devices[1].id, user_id=inspector.id, kind=GRANT_SHARE, granted_by=admin.id))
        await device_service.write_log(session, tenant_id, devices[1], "share", None, {"user_ids": [inspector.id]})
    if operator is not None:
        session.add(
            DeviceGrant(
                device_id=devices[3].id,
                user_id=operator.id,
                kind=GRANT_DISTRIBUTION,
                can_write=True,
                granted_by=admin.id,
            )
        )
        await device_service.write_log(session, tenant_id, devices[3], "distribute", None, {"user_ids": [operator.id]})
    await session.flush()
