"""The demo's software library and upgrade history (issue 34): two gateway versions a newcomer can roll out at once
(2.2.0 for the GW100 gateways, 3.1.0 for the GW200 ones, each a real package of this agent), and a finished rollout
of 2.1.0 three days ago whose history shows updated devices, one that timed out and one whose download failed."""

import hashlib
from datetime import timedelta
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.db import utcnow
from iotyun.devices.models import Device
from iotyun.gateway.package import build_package
from iotyun.software import storage
from iotyun.software.models import (
    DEVICE_DOWNLOAD_FAILED,
    DEVICE_UPDATE_FAILED,
    DEVICE_UPDATED,
    MODE_DEFAULT,
    MODE_FORCED,
    STATE_PUBLISHED,
    TYPE_DEVICE,
    UPGRADE_FINISHED,
    SoftwareUpgrade,
    SoftwareUpgradeDevice,
    SoftwareVersion,
    models_key,
)

# (version, model, mode, content zh, content en)
_VERSIONS = (
    (
        "2.2.0",
        "GW100",
        MODE_DEFAULT,
        "提高 Modbus 轮询效率；断网后续传更稳；修复字符串寄存器的字节序",
        "Faster Modbus polling; steadier store-and-forward after a network loss; string registers' byte order fixed",
    ),
    (
        "3.1.0",
        "GW200",
        MODE_FORCED,
        "安全更新：升级 TLS 组件，必须安装",
        "Security update: the TLS components are upgraded; it must be installed",
    ),
)
# The finished rollout of 2.1.0: (SN, how it ended, reason)
_HISTORY = (
    ("IOT0000001", DEVICE_UPDATED, ""),
    ("IOT0000002", DEVICE_UPDATED, ""),
    ("IOT0000009", DEVICE_UPDATED, ""),
    ("IOT0000007", DEVICE_UPDATE_FAILED, "timeout"),
    ("IOT0000011", DEVICE_DOWNLOAD_FAILED, "sha256 mismatch"),
)


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User], data_dir: Path) -> None:
    if (await session.scalars(select(SoftwareVersion.id).where(SoftwareVersion.tenant_id == tenant_id))).first():
        return
    admin = users.get("admin") or next(iter(users.values()))
    root = data_dir / "software"
    now = utcnow()
    for number, model, mode, zh, en in _VERSIONS:
        key = storage.new_key()
        path = storage.path_of(root, key)
        build_package(path, number, [model])
        data = path.read_bytes()
        session.add(
            SoftwareVersion(
                tenant_id=tenant_id,
                type=TYPE_DEVICE,
                version=number,
                models=[model],
                models_key=models_key([model]),
                content_zh=zh,
                content_en=en,
                mode=mode,
                state=STATE_PUBLISHED,
                kind="gateway",
                file_name=f"iotyun-gateway-{number}.tar.gz",
                file_key=key,
                size=len(data),
                sha256=hashlib.sha256(data).hexdigest(),
                created_by=admin.id,
                created_at=now - timedelta(days=1),
            )
        )
    began = now - timedelta(days=3)
    rollout = SoftwareUpgrade(
        tenant_id=tenant_id,
        version_id=None,
        to_version="2.1.0",
        mode=MODE_DEFAULT,
        state=UPGRADE_FINISHED,
        wave=1,
        waves=2,
        first_wave=2,
        step_percent=60,
        failure_percent=50,
        total=len(_HISTORY),
        created_by=admin.id,
        created_at=began,
        finished_at=began + timedelta(minutes=14),
    )
    session.add(rollout)
    await session.flush()
    devices = {
        d.sn: d
        for d in await session.scalars(
            select(Device).where(Device.tenant_id == tenant_id, Device.sn.in_([sn for sn, _, _ in _HISTORY]))
        )
    }
    for n, (sn, state, reason) in enumerate(_HISTORY):
        device = devices.get(sn)
        if device is None:
            continue
        ended = began + timedelta(minutes=3 + 2 * n)
        session.add(
            SoftwareUpgradeDevice(
                tenant_id=tenant_id,
                upgrade_id=rollout.id,
                device_id=device.id,
                gateway_id=device.gateway_id,
                sn=sn,
                device_name=device.alias,
                model="GW100",
                from_version="2.0.5",
                to_version="2.1.0",
                wave=0 if n < 2 else 1,
                state=state,
                progress=37 if state == DEVICE_DOWNLOAD_FAILED else 100,
                reason=reason,
                req_id=f"demo{rollout.id:06d}{n:04d}".ljust(32, "0"),
                sent_at=began + timedelta(seconds=5 + n),
                reported_at=ended,
                finished_at=ended,
                created_at=began,
                updated_at=ended,
            )
        )
    await session.flush()
