"""The demo's software library and upgrade history (iotyun/demo/software.py) as the console sees it: two published
gateway versions whose packages download whole and are the agent's own (the library judges them as it judges an
upload), the GW100 gateways updatable to 2.2.0, and a finished rollout of 2.1.0 with its updated and failed devices."""

import hashlib
from pathlib import Path

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.auth.models import User
from iotyun.demo import software as software_demo
from iotyun.devices.models import DEV_ONLINE
from iotyun.software import packages
from tests.devices.factories import Site, ok
from tests.team.factories import Team


async def test_demo_software(app: FastAPI, team: Team, site: Site, tmp_path: Path) -> None:
    ready = await site.device(sn="IOT0000001", dev_state=DEV_ONLINE, firmware_version="2.1.0", model="GW100")
    await site.device(sn="IOT0000011", dev_state=DEV_ONLINE, firmware_version="2.0.5", model="GW100")
    tenant_id = team.admin.tenant_id or 0
    async with app.state.db.sessionmaker() as s:
        admin = (await s.scalars(select(User).where(User.id == team.admin.user_id))).one()
        await software_demo.seed(s, tenant_id, {"admin": admin}, tmp_path)
        await s.commit()
        await software_demo.seed(s, tenant_id, {"admin": admin}, tmp_path)  # a second run adds nothing
        await s.commit()
    versions = ok(await team.admin.get("/software/version"))["items"]
    assert sorted((v["version"], v["models"][0], v["mode"]) for v in versions) == [
        ("2.2.0", "GW100", 0),
        ("3.1.0", "GW200", 1),
    ]
    for v in versions:
        resp = await team.admin.client.get(f"/api/software/version/file?id={v['id']}", headers=team.admin._headers())
        assert hashlib.sha256(resp.content).hexdigest() == v["sha256"] and len(resp.content) == v["size"]
        stored = tmp_path / "pkg.tar.gz"
        stored.write_bytes(resp.content)
        assert packages.judge(stored, 1).manifest_version == v["version"]
    gw100 = next(v for v in versions if v["version"] == "2.2.0")
    page = ok(await team.admin.get("/software/upgrade/devices", params={"version_id": gw100["id"], "updatable": True}))
    assert ready in page["updatable_ids"] and len(page["updatable_ids"]) == 2
    (rollout,) = ok(await team.admin.get("/software/upgrade"))["items"]
    assert (rollout["to_version"], rollout["state"], rollout["version_id"]) == ("2.1.0", 4, None)
    assert (rollout["counts"]["updated"], rollout["counts"]["update_failed"], rollout["counts"]["download_failed"]) == (
        1,
        0,
        1,
    )
    history = ok(await team.admin.get("/software/history", params={"upgrade_id": rollout["id"]}))["items"]
    assert {h["sn_code"]: (h["state"], h["reason"]) for h in history} == {
        "IOT0000001": (5, ""),
        "IOT0000011": (3, "sha256 mismatch"),
    }
