"""The system gallery's shipped images: every file a PNG within its use's cap, named in zh and en; each tenant lists
them read-only (114510) in the reader's language, made once, shows them on a screen and fetches their bytes."""

from typing import Any

import pytest

from iotyun.core.limits import IMAGE_USE_MAX_BYTES, PICTURE_NAME_MAX
from iotyun.core.texts import TEXTS
from iotyun.resources import system_gallery
from iotyun.resources.images import judge
from iotyun.resources.service import SYSTEM_CLASSIFICATIONS
from iotyun.resources.system_art import DRAWINGS
from tests.conftest import Api, code
from tests.resources.factories import classify
from tests.resources.test_in_use import document, main_screen
from tests.team.factories import Team
from tests.templates.factories import ok
from tests.templates.screens.helpers import save as save_design

PATH = "/yun/resourcesInfo"
IMAGES = system_gallery.SYSTEM_IMAGES


@pytest.mark.parametrize("image", IMAGES, ids=[i.key for i in IMAGES])
def test_each_shipped_file_is_an_image_within_its_uses_cap(image: system_gallery.SystemImage) -> None:
    data = system_gallery.path_of(image.key).read_bytes()
    facts = judge(data).facts
    assert facts.ext == "png"
    assert len(data) <= IMAGE_USE_MAX_BYTES[image.use]
    assert image.classify in SYSTEM_CLASSIFICATIONS
    if image.use == "background":
        assert (facts.width, facts.height) == (1920, 1080)
    zh, en = TEXTS[system_gallery.text_key(image.key)]
    assert 0 < len(zh) <= PICTURE_NAME_MAX and 0 < len(en) <= PICTURE_NAME_MAX


def test_every_drawing_ships_and_every_shipped_file_is_drawn() -> None:
    assert set(DRAWINGS) == {i.key for i in IMAGES}
    assert {p.stem for p in system_gallery.SHIPPED_DIR.glob("*.png")} == set(DRAWINGS)
    assert len({i.key for i in IMAGES}) == len(IMAGES)


async def system_images(api: Api, **params: Any) -> list[dict[str, Any]]:
    """The system gallery's images, after the read of the classifications that makes them (as the picker does)."""
    ok(await api.get("/yun/resourcesClassify"))
    page = ok(await api.get(PATH, params={"system": "true", "page_size": 100, **params}))
    items: list[dict[str, Any]] = page["items"]
    assert page["total"] == len(items)
    return items


class TestTenantsSeeThem:
    async def test_listed_in_their_order_with_names_in_the_readers_language(self, team: Team) -> None:
        items = await system_images(team.admin)
        assert [i["name"] for i in items] == [TEXTS[system_gallery.text_key(i.key)][0] for i in IMAGES]
        assert all(i["is_system"] for i in items)
        assert [i["use"] for i in items] == [i.use for i in IMAGES]
        team.admin.lang = "en"
        assert [i["name"] for i in await system_images(team.admin)] == [
            TEXTS[system_gallery.text_key(i.key)][1] for i in IMAGES
        ]

    async def test_listed_when_the_images_are_read_before_the_classifications(self, team: Team) -> None:
        # The picker asks for both at once: the image list must not depend on the classifications' read coming first.
        page = ok(await team.admin.get(PATH, params={"system": "true", "page_size": 100}))
        assert page["total"] == len(IMAGES)

    async def test_in_their_classifications_counted_and_made_once(self, team: Team) -> None:
        ok(await team.admin.get("/yun/resourcesClassify"))
        classes = ok(await team.admin.get("/yun/resourcesClassify"))
        system = [c for c in classes if c["is_system"]]
        expected = {key: sum(1 for i in IMAGES if i.classify == key) for key in SYSTEM_CLASSIFICATIONS}
        assert [c["image_count"] for c in system] == [expected[k] for k in SYSTEM_CLASSIFICATIONS]
        backgrounds = system[SYSTEM_CLASSIFICATIONS.index("backgrounds")]["id"]
        page = ok(await team.admin.get(PATH, params={"classify_id": backgrounds, "page_size": 100}))
        assert page["total"] == expected["backgrounds"]
        assert {i["use"] for i in page["items"]} == {"background"}
        assert len(await system_images(team.admin)) == len(IMAGES)

    async def test_searched_by_the_shown_name(self, team: Team) -> None:
        assert [i["name"] for i in await system_images(team.admin, name="储罐")] == ["储罐"]
        team.admin.lang = "en"
        assert [i["name"] for i in await system_images(team.admin, name="TANK")] == ["Storage tank"]
        # A user's image is still found by its own name beside them.
        cid = await classify(team.admin)
        form = {"classify_id": str(cid), "name": "tank 2", "use": "image"}
        png = system_gallery.path_of("eq_tank").read_bytes()
        ok(await team.admin.call("POST", PATH, data=form, files={"file": ("t.png", png, "image/png")}))
        assert [i["name"] for i in ok(await team.admin.get(PATH, params={"name": "tank"}))["items"]] == ["tank 2"]

    async def test_bytes_served_like_any_image(self, team: Team, api: Api) -> None:
        for item, image in zip(await system_images(team.admin), IMAGES, strict=True):
            resp = await api.client.get(item["url"])
            assert resp.status_code == 200 and resp.headers["content-type"] == "image/png"
            assert resp.content == system_gallery.path_of(image.key).read_bytes()
            assert item["size_bytes"] == len(resp.content)

    async def test_each_tenant_has_its_own_rows(self, team: Team, other_tenant: Api) -> None:
        mine, theirs = await system_images(team.admin), await system_images(other_tenant)
        assert [i["name"] for i in mine] == [i["name"] for i in theirs]
        assert not {i["id"] for i in mine} & {i["id"] for i in theirs}


class TestReadOnly:
    async def test_not_deleted_renamed_or_moved(self, team: Team) -> None:
        item = (await system_images(team.admin))[0]
        cid = await classify(team.admin)
        assert code(await team.admin.call("DELETE", PATH, params={"id": item["id"]})) == 114510
        assert code(await team.admin.put(PATH, {"id": item["id"], "name": "mine"})) == 114510
        assert code(await team.admin.put(PATH, {"id": item["id"], "classify_id": cid})) == 114510
        assert len(await system_images(team.admin)) == len(IMAGES)

    async def test_a_screen_shows_one(self, team: Team) -> None:
        background = next(i for i in await system_images(team.admin) if i["use"] == "background")
        screen = await main_screen(team.admin)
        ok(await save_design(team.admin, screen, document(background["url"], "background")))
        assert code(await team.admin.call("DELETE", PATH, params={"id": background["id"]})) == 114510
