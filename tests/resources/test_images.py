"""Gallery images over HTTP: upload checked by its bytes, its use's cap and the owner's quota, list and search,
rename and move, the bytes served by an unguessable URL (SPEC §5, §8 114001 and 114007-114012, 114510)."""

from typing import Any

import pytest

from iotyun.resources import repository as repo
from iotyun.resources.system_gallery import SYSTEM_IMAGES
from tests.conftest import Api, code
from tests.resources.factories import classify, jpeg, pixels, png, send, upload
from tests.resources.test_classify import system_id
from tests.team.factories import Team
from tests.templates.factories import ok

PATH = "/yun/resourcesInfo"


async def fetch(api: Api, url: str) -> Any:
    """What an <img> gets: no token, no signature."""
    return await api.client.get(url)


class TestUpload:
    async def test_without_P41600(self, team: Team) -> None:
        await team.role("viewer", ["P24000"])
        await team.user("vera", "viewer")
        vera = await team.login("vera")
        cid = await classify(team.admin)
        assert code(await send(vera, cid, png())) == 100015

    async def test_stores_and_serves_the_decoded_picture_with_long_cache_headers(self, team: Team, api: Api) -> None:
        cid = await classify(team.admin)
        data = png(40, 30)
        image = await upload(team.admin, cid, data, name="泵一", use="icon")
        assert {k: image[k] for k in ("name", "classify_id", "width", "height", "use", "is_system")} == {
            "name": "泵一",
            "classify_id": cid,
            "width": 40,
            "height": 30,
            "use": "icon",
            "is_system": False,
        }
        assert image["url"].startswith("/api/yun/resourcesInfo/file/") and image["url"].endswith(".png")
        resp = await fetch(api, image["url"])
        # What is served is the picture encoded again from its pixels: the same picture, its size as counted.
        assert resp.status_code == 200 and image["size_bytes"] == len(resp.content)
        assert pixels(resp.content) == pixels(data)
        assert resp.headers["content-type"] == "image/png"
        assert "immutable" in resp.headers["cache-control"] and "max-age=31536000" in resp.headers["cache-control"]

    async def test_a_png_named_jpg_is_a_png_and_a_jpeg_is_a_jpeg(self, team: Team, api: Api) -> None:
        cid = await classify(team.admin)
        renamed = await upload(team.admin, cid, png(), name="a", filename="photo.jpg")
        assert renamed["content_type"] == "image/png" and renamed["url"].endswith(".png")
        photo = await upload(team.admin, cid, jpeg(64, 48), name="b", filename="photo.png")
        assert (photo["content_type"], photo["width"], photo["height"]) == ("image/jpeg", 64, 48)
        assert (await fetch(api, photo["url"])).headers["content-type"] == "image/jpeg"

    async def test_a_text_file_named_png_is_refused(self, team: Team) -> None:
        cid = await classify(team.admin)
        assert code(await send(team.admin, cid, b"not an image at all", filename="a.png")) == 114010

    async def test_size_by_use(self, team: Team) -> None:
        cid = await classify(team.admin)
        icon = await send(team.admin, cid, png(pad=100 * 1024), use="icon")
        assert code(icon) == 114011 and "100 KB" in icon["meta"]["detail"]
        image = await send(team.admin, cid, png(pad=1024 * 1024), use="image")
        assert code(image) == 114011 and "1 MB" in image["meta"]["detail"]
        ok(await send(team.admin, cid, png(pad=1024 * 1024), use="background"))

    async def test_a_body_past_the_largest_cap_is_refused_before_it_is_read(self, team: Team) -> None:
        cid = await classify(team.admin)
        resp = await send(team.admin, cid, png(pad=3 * 1024 * 1024), use="background")
        assert (resp["status"], code(resp)) == (413, 114011)

    async def test_names(self, team: Team) -> None:
        cid = await classify(team.admin)
        other = await classify(team.admin, "阀")
        assert code(await send(team.admin, cid, png(), name=" ")) == 114007
        assert code(await send(team.admin, cid, png(), name="x" * 21)) == 114008
        await upload(team.admin, cid, name="x" * 20)
        assert code(await send(team.admin, cid, png(), name="x" * 20)) == 114009
        await upload(team.admin, other, name="x" * 20)

    async def test_quota_sums_the_owners_images(self, team: Team) -> None:
        ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"gallery_mb": 1}))
        cid = await classify(team.admin)
        assert ok(await team.admin.get(f"{PATH}/usage")) == {"used_bytes": 0, "quota_bytes": 1024 * 1024}
        await upload(team.admin, cid, png(pad=600 * 1024), name="a", use="background")
        assert code(await send(team.admin, cid, png(pad=600 * 1024), name="b", use="background")) == 114012
        await upload(team.admin, cid, png(pad=300 * 1024), name="c", use="background")

    async def test_system_classifications_take_no_uploads(self, team: Team) -> None:
        assert code(await send(team.admin, await system_id(team.admin), png())) == 114510

    async def test_unknown_or_another_tenants_classification(self, team: Team, other_tenant: Api) -> None:
        cid = await classify(team.admin)
        assert code(await send(team.admin, 999_999, png())) == 114005
        assert code(await send(other_tenant, cid, png())) == 114005


class TestListImages:
    async def test_by_classification_searched_and_paged(self, team: Team) -> None:
        cid = await classify(team.admin)
        other = await classify(team.admin, "阀")
        for name in ("pump a", "pump_b", "valve"):
            await upload(team.admin, cid, name=name)
        await upload(team.admin, other, name="pump c")
        listed = ok(await team.admin.get(PATH, params={"classify_id": cid}))
        assert ([i["name"] for i in listed["items"]], listed["total"]) == (["valve", "pump_b", "pump a"], 3)
        found = ok(await team.admin.get(PATH, params={"classify_id": cid, "name": "pump", "page_size": 1}))
        assert (len(found["items"]), found["total"]) == (1, 2)
        # An underscore is a character, not a LIKE wildcard: "p_a" does not find "pump a".
        assert ok(await team.admin.get(PATH, params={"name": "p_a"}))["total"] == 0
        assert ok(await team.admin.get(PATH))["total"] == 4
        # The system gallery holds the shipped images only, made by the first read of the classifications
        # (tests/resources/test_system_gallery.py).
        ok(await team.admin.get("/yun/resourcesClassify"))
        assert ok(await team.admin.get(PATH, params={"system": True}))["total"] == len(SYSTEM_IMAGES)

    async def test_another_user_or_tenant_sees_none(self, team: Team, other_tenant: Api) -> None:
        cid = await classify(team.admin)
        await upload(team.admin, cid)
        assert code(await other_tenant.get(PATH, params={"classify_id": cid})) == 114005
        assert ok(await other_tenant.get(PATH))["total"] == 0
        await team.role("designer", ["P41600"])
        await team.user("dora", "designer")
        dora = await team.login("dora")
        assert code(await dora.get(PATH, params={"classify_id": cid})) == 114005
        assert ok(await dora.get(PATH))["total"] == 0


class TestUpdateImage:
    async def test_rename_and_move_keep_the_url(self, team: Team) -> None:
        cid = await classify(team.admin)
        other = await classify(team.admin, "阀")
        image = await upload(team.admin, cid, name="a")
        await upload(team.admin, other, name="b")
        moved = ok(await team.admin.put(PATH, {"id": image["id"], "classify_id": other, "name": "c"}))
        assert (moved["classify_id"], moved["name"], moved["url"]) == (other, "c", image["url"])
        assert code(await team.admin.put(PATH, {"id": image["id"], "name": "b"})) == 114009
        assert code(await team.admin.put(PATH, {"id": image["id"], "name": ""})) == 114007
        assert code(await team.admin.put(PATH, {"id": image["id"], "classify_id": 999_999})) == 114005
        system = await system_id(team.admin)
        assert code(await team.admin.put(PATH, {"id": image["id"], "classify_id": system})) == 114510

    async def test_another_users_or_tenants_image(self, team: Team, other_tenant: Api) -> None:
        image = await upload(team.admin, await classify(team.admin))
        assert code(await other_tenant.put(PATH, {"id": image["id"], "name": "x"})) == 114001
        assert code(await other_tenant.call("DELETE", PATH, params={"id": image["id"]})) == 114001
        await team.role("designer", ["P41600"])
        await team.user("dora", "designer")
        dora = await team.login("dora")
        assert code(await dora.call("DELETE", PATH, params={"id": image["id"]})) == 114001
        assert ok(await team.admin.get(PATH))["total"] == 1


class TestServeFile:
    async def test_unknown_or_malformed_names_are_not_found(self, team: Team, api: Api) -> None:
        image = await upload(team.admin, await classify(team.admin))
        wrong_type = image["url"][: -len(".png")] + ".jpg"
        for url in (wrong_type, "/api/yun/resourcesInfo/file/" + "A" * 32 + ".png", "/api/yun/resourcesInfo/file/x"):
            assert (await fetch(api, url)).json()["meta"]["message"] == "114001"


class TestConcurrentNames:
    async def test_a_name_taken_between_check_and_write_is_114009_not_a_failure(
        self, team: Team, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        cid = await classify(team.admin)
        await upload(team.admin, cid, name="a")

        async def nothing_found(*_: object) -> None:
            return None

        # As if another request stored "a" after this one checked: the unique constraint answers.
        monkeypatch.setattr(repo, "image_named", nothing_found)
        monkeypatch.setattr(repo, "classification_named", nothing_found)
        assert code(await send(team.admin, cid, png(), name="a")) == 114009
        assert code(await team.admin.post("/yun/resourcesClassify", {"name": "泵"})) == 114004
        assert ok(await team.admin.get(PATH))["total"] == 1
