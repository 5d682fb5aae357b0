"""The screens a device shows (GET /yun/v2/rDev/screens, issue 16): its bound template's latest publication, frozen
as published; nothing without one; only to those who read the device."""

from tests.conftest import Api, code
from tests.team.factories import Team
from tests.telemetry.factories import Plant
from tests.templates.factories import ok
from tests.templates.screens.helpers import doc, element, main_screen, save

SCREENS = "/yun/v2/rDev/screens"


async def shown(api: Api, plant: Plant) -> dict[str, object]:
    data: dict[str, object] = ok(await api.get(SCREENS, params={"device_id": plant.device_id}))
    return data


class TestDeviceScreens:
    async def test_the_published_screens_as_published(self, team: Team, plant: Plant) -> None:
        main = await main_screen(team.admin, plant.template_id)
        bound = element(bindings={"value": {"data_source_id": plant.sources["出水压力"]}})
        ok(await save(team.admin, main["id"], doc(bound)))
        # Saved after the publish: not shown until published again.
        out = await shown(team.admin, plant)
        assert out["template_id"] == plant.template_id and out["release"] == 1
        screens = out["screens"]
        assert isinstance(screens, list) and [s["id"] for s in screens if s["is_main"] and s["kind"] == "web"] == [
            main["id"]
        ]
        first = next(s for s in screens if s["id"] == main["id"])
        assert first["document"]["elements"] == [] and first["width"] > 0 and first["height"] > 0

        ok(await team.admin.post("/yun/module/publish", {"id": plant.template_id}))
        out = await shown(team.admin, plant)
        first = next(s for s in out["screens"] if s["id"] == main["id"])  # type: ignore[attr-defined]
        assert out["release"] == 2
        assert [e["bindings"]["value"]["data_source_id"] for e in first["document"]["elements"]] == [
            plant.sources["出水压力"]
        ]

    async def test_nothing_without_a_publication(self, team: Team, plant: Plant) -> None:
        ok(await team.admin.call("DELETE", "/yun/module/publish", params={"id": plant.template_id}))
        assert await shown(team.admin, plant) == {
            "device_id": plant.device_id,
            "template_id": None,
            "release": None,
            "screens": [],
        }

    async def test_only_to_those_who_read_the_device(self, team: Team, plant: Plant, other_tenant: Api) -> None:
        params = {"device_id": plant.device_id}
        assert code(await other_tenant.get(SCREENS, params=params)) == 110506
        assert code(await team.admin.get(SCREENS, params={"device_id": 999_999_999})) == 110506
        await team.user("op1", phone="13700000021")
        op = await team.login("op1")
        assert code(await op.get(SCREENS, params=params)) == 110506
        ok(
            await team.admin.post(
                "/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [op.user_id], "can_write": False}
            )
        )
        assert (await shown(op, plant))["template_id"] == plant.template_id


class TestStateTexts:
    async def test_live_values_carry_the_words_the_published_screens_show(self, team: Team, plant: Plant) -> None:
        """Issue 30 point 7: key values read 运行 / 停止, not 1 / 0 — the words come from the published screens: a
        switch's on and off texts, then value states with a text."""
        main = await main_screen(team.admin, plant.template_id)
        running = {"value": {"data_source_id": plant.sources["运行"]}}
        switch = element(id="sw", type="switch", bindings=running, settings={"on_text": "运行", "off_text": "停止"})
        states = {
            "by": "value",
            "items": [{"max": 0.5, "text": "停机"}, {"min": 0.5, "max": 1.5, "text": "运转"}, {"min": 1.5}],
        }
        lamp = element(id="lamp", type="indicator", bindings=running, states=states)
        ok(await save(team.admin, main["id"], doc(switch, lamp)))
        ok(await team.admin.post("/yun/module/publish", {"id": plant.template_id}))
        live = ok(await team.admin.get("/rDev", params={"device_id": plant.device_id}))
        words = {item["id"]: item["state_texts"] for item in live["items"]}
        assert words[plant.sources["运行"]] == [
            {"min": 1.0, "max": 1.0, "text": "运行"},
            {"min": 0.0, "max": 0.0, "text": "停止"},
            {"min": None, "max": 0.5, "text": "停机"},
            {"min": 0.5, "max": 1.5, "text": "运转"},
        ]
        assert words[plant.sources["出水压力"]] == []
