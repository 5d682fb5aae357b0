"""A dashboard card of its own for a gallery 3D model (issue 38 point 1): its settings as the screens' `model3d`
element's, with a device and the data sources feeding its state, drives and spins; a model a card draws (in a
container's tab too) is not deleted (114508); a dashboard link serves the files of the models its cards draw, and the
card's device counts as shown."""

from typing import Any

from tests.conftest import code
from tests.dashboards.test_router import card, detail, make, place, save
from tests.devices.factories import register
from tests.resources.factories import classify
from tests.resources.test_models import PATH, upload
from tests.sharing.conftest import DEVICE
from tests.sharing.test_dashboard_links import dashboard_link
from tests.team.factories import Team
from tests.templates.factories import ok

MODEL = "/api/yun/shared/model"


def model3d(
    card_id: str, gallery: dict[str, Any] | None = None, look: dict[str, Any] | None = None, **settings: Any
) -> dict[str, Any]:
    """A model3d card drawing the `gallery` model (none: no model yet), `look` the rest of its model settings."""
    drawn = {"model_id": gallery["id"], "model_url": gallery["url"]} if gallery else {}
    return card(card_id, "model3d", model={**drawn, **(look or {})}, **settings)


def full(model: dict[str, Any], device_id: int = 7) -> dict[str, Any]:
    return model3d(
        "m",
        model,
        {
            "camera": {"position": [1, 2, 3], "target": [0, 0, 0]},
            "meshes": ["motor"],
            "drives": [{"key": "lift", "node": "arm", "kind": "position_y", "min": 0, "max": 10}],
            "spins": [{"key": "fan", "node": "rotor", "axis": "y", "factor": 2}],
        },
        device_id=device_id,
        bindings={"value": {"data_source_id": 3}, "lift": {"data_source_id": 4}, "fan": {"data_source_id": 5}},
        states={"by": "value", "items": [{"min": 0, "max": 1, "backgroundColor": "#00ff00"}, {"min": 1}]},
    )


async def test_a_model3d_card_saves_and_reads_back(team: Team) -> None:
    model = await upload(team.admin, await classify(team.admin))
    d = await make(team.admin)
    shown = full(model)
    ok(await save(team.admin, d, [shown], [place("m")]))
    got = ok(await detail(team.admin, d["id"]))["document"]["cards"][0]
    assert got["type"] == "model3d" and got["settings"]["device_id"] == 7
    assert got["settings"]["model"]["model_id"] == model["id"] and got["settings"]["model"]["meshes"] == ["motor"]
    assert got["settings"]["model"]["camera"] == {"position": [1, 2, 3], "target": [0, 0, 0]}
    assert got["settings"]["bindings"] == shown["settings"]["bindings"]
    assert got["settings"]["states"]["items"][0]["backgroundColor"] == "#00ff00"
    # An empty card: no device, no model yet.
    ok(await save(team.admin, {**d, "version": 2}, [card("e", "model3d")], [place("e")]))


async def test_bad_settings_are_refused(team: Team) -> None:
    model = await upload(team.admin, await classify(team.admin))
    d = await make(team.admin)
    too_many = {f"k{n}": {"data_source_id": n + 1} for n in range(17)}
    cases = [
        model3d("a", model, colour="#fff"),
        model3d("a", model, device_id=0),
        model3d("a", model, bindings={"Bad-Key": {"data_source_id": 1}}),
        model3d("a", model, bindings={"value": {"data_source_id": 0}}),
        model3d("a", model, bindings=too_many),
        model3d("a", None, {"model_id": model["id"]}),
        model3d("a", model, {"drives": [{"key": "value", "node": "n", "kind": "rotation_y"}]}),
        model3d("a", model, {"spins": [{"key": "s", "node": "n", "axis": "w"}]}),
    ]
    for shown in cases:
        resp = await save(team.admin, d, [shown], [place("a")])
        assert code(resp) == 100004, (shown, resp)
    # Too few states: the screens' own rule and code (2 to 255 states).
    few = await save(team.admin, d, [model3d("a", model, states={"by": "value", "items": [{"min": 0}]})], [place("a")])
    assert code(few) == 110518


async def test_a_model_a_card_draws_is_not_deleted(team: Team) -> None:
    cid = await classify(team.admin)
    model = await upload(team.admin, cid, name="a")
    other = await upload(team.admin, cid, name="b")
    d = await make(team.admin)
    tab = {"id": "c", "type": "container", "settings": {"tabs": [{"title": "t", "card": model3d("n", model)}]}}
    ok(await save(team.admin, d, [full(model), tab], [place("m"), place("c", x=8)]))
    refused = await team.admin.call("DELETE", PATH, params={"id": model["id"]})
    assert code(refused) == 114508 and refused["meta"]["field"] == "id"
    # Inside a container's tab alone it still holds the model.
    ok(await save(team.admin, {**d, "version": 2}, [tab], [place("c")]))
    assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 114508
    ok(await save(team.admin, {**d, "version": 3}, [model3d("o", other)], [place("o")]))
    assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 100001
    assert code(await team.admin.call("DELETE", PATH, params={"id": other["id"]})) == 114508


async def test_a_dashboard_link_serves_the_cards_model_and_device(team: Team) -> None:
    cid = await classify(team.admin)
    model = await upload(team.admin, cid, name="泵组")
    other = await upload(team.admin, cid, name="风机")
    device = await register(team.admin, "IOTM3C01")
    hidden = await register(team.admin, "IOTM3C02")
    d = await make(team.admin)
    ok(await save(team.admin, d, [full(model, device["id"])], [place("m")]))
    token = (await dashboard_link(team.admin, d["id"]))["token"]
    anon = team.new_api()
    assert (await anon.client.get(f"{MODEL}/{token}/{model['id']}/pump.gltf")).status_code == 200
    assert (await anon.client.get(f"{MODEL}/{token}/{model['id']}/pump.bin")).status_code == 200
    refused = (await anon.client.get(f"{MODEL}/{token}/{other['id']}/pump.gltf")).json()
    assert refused["meta"]["message"] == "114501"
    # The card's device is one the dashboard shows: its values read through the link; another device's do not.
    assert code(await anon.get(DEVICE, params={"token": token, "device_id": device["id"]})) == 100001
    assert code(await anon.get(DEVICE, params={"token": token, "device_id": hidden["id"]})) == 118302
