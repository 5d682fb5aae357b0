"""The gallery_mb quota holds exactly under concurrency, on SQLite and PostgreSQL (docs/decisions.md "Bounded by
default"): parallel uploads of one user are counted one after the other, whatever their number."""

import asyncio

from tests.conftest import code
from tests.resources.factories import classify, png, send
from tests.resources.test_models import gltf
from tests.resources.test_models import send as send_model
from tests.team.factories import Team
from tests.templates.factories import ok

PATH = "/yun/resourcesInfo"
MB = 1024 * 1024


async def test_parallel_uploads_end_within_the_quota(team: Team) -> None:
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"gallery_mb": 1}))
    cid = await classify(team.admin)
    # Eight images of about 300 KB each (random pixels: as large when encoded again) against 1 MB: three fit.
    answers = await asyncio.gather(
        *(send(team.admin, cid, png(pad=300 * 1024), name=f"p{i}", use="background") for i in range(8))
    )
    codes = sorted(code(a) for a in answers)
    assert codes == [100001] * 3 + [114012] * 5
    usage = ok(await team.admin.get(f"{PATH}/usage"))
    assert usage["quota_bytes"] == MB and usage["used_bytes"] <= MB
    listed = ok(await team.admin.get(PATH, params={"classify_id": cid}))
    assert listed["total"] == 3 and sum(i["size_bytes"] for i in listed["items"]) == usage["used_bytes"]


async def test_parallel_images_and_models_share_the_quota(team: Team) -> None:
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"gallery_mb": 1}))
    cid = await classify(team.admin)
    images = [send(team.admin, cid, png(pad=300 * 1024), name=f"p{i}", use="background") for i in range(4)]
    models = [
        send_model(team.admin, cid, [("m.gltf", gltf("m.bin")), ("m.bin", b"\0" * 300 * 1024)], name=f"m{i}")
        for i in range(4)
    ]
    answers = await asyncio.gather(*images, *models)
    assert sum(1 for a in answers if code(a) == 100001) == 3
    assert {code(a) for a in answers} == {100001, 114012}
    assert ok(await team.admin.get(f"{PATH}/usage"))["used_bytes"] <= MB


async def test_a_deleted_image_gives_its_room_back(team: Team) -> None:
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"gallery_mb": 1}))
    cid = await classify(team.admin)
    first = ok(await send(team.admin, cid, png(pad=600 * 1024), name="a", use="background"))
    assert code(await send(team.admin, cid, png(pad=600 * 1024), name="b", use="background")) == 114012
    ok(await team.admin.call("DELETE", PATH, params={"id": first["id"]}))
    ok(await send(team.admin, cid, png(pad=600 * 1024), name="b", use="background"))


async def test_a_new_users_gallery_is_bounded(team: Team) -> None:
    usage = ok(await team.admin.get(f"{PATH}/usage"))
    assert usage == {"used_bytes": 0, "quota_bytes": 100 * MB}
