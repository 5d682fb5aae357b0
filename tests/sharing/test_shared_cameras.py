"""Cameras on a shared page (issue 38 point 4; docs/api-sharing.md "Cameras"): GET /yun/shared/camera answers what
a camera element or card plays for a device the link shows, as the link's creator would — the device's own video
address, or the live address of its template's camera slot through the creator's video cloud account — and nothing
for a device the link does not show, another tenant's, a disabled or unknown link."""

from typing import Any

from fastapi import FastAPI

from tests.conftest import Api, code
from tests.devices.factories import register
from tests.sharing.conftest import MANAGE, make_link
from tests.team.conftest import other_tenant
from tests.team.factories import Team
from tests.templates.factories import make_template, ok
from tests.templates.test_publish import bind_rows
from tests.video.test_accounts import bind

__all__ = ["other_tenant"]

CAMERA = "/yun/shared/camera"
OWN = "https://cam.example.com/live/gate.m3u8"


async def shared_cameras(app: FastAPI, team: Team) -> dict[str, Any]:
    """A device with its own video address and a template with two camera slots, a configuration link showing it,
    and another device of the tenant the link does not show."""
    ok(await bind(team.admin))
    template = await make_template(team.admin)
    slots = [
        {"name": "Gate", "serial": "LOCAL0001", "channel": 1},
        {"name": "Yard", "serial": "LOCAL0001", "channel": 2},
    ]
    ok(await team.admin.put("/yun/module/video", {"template_id": template["id"], "cameras": slots}))
    device = await register(team.admin, "IOTCAM01")
    ok(await team.admin.put("/dev/update", {"id": device["id"], "video_url": OWN}))
    await bind_rows(app, team, template["id"], device["id"])
    ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
    hidden = await register(team.admin, "IOTCAM02")
    ok(await team.admin.put("/dev/update", {"id": hidden["id"], "video_url": OWN}))
    link = await make_link(team.admin, [device["id"]])
    return {"token": link["token"], "link": link["id"], "device": device["id"], "hidden": hidden["id"]}


async def test_a_shown_devices_cameras_play_without_login(app: FastAPI, team: Team) -> None:
    shown = await shared_cameras(app, team)
    anon: Api = team.new_api()
    ask = {"token": shown["token"], "device_id": shown["device"]}
    own = ok(await anon.get(CAMERA, params={**ask, "source": "device"}))
    assert own == {"url": OWN}
    # The slots' live addresses, as the console's GET /third/party/live gives them to the creator.
    for slot, channel in ((0, 1), (1, 2)):
        played = ok(await anon.get(CAMERA, params={**ask, "slot": slot}))
        live = ok(await team.admin.get("/third/party/live", params={"serial": "LOCAL0001", "channel": channel}))
        assert played == {"url": live["url"]} and live["url"]
    # A slot the template lacks: nothing to play.
    assert ok(await anon.get(CAMERA, params={**ask, "slot": 5})) == {"url": ""}
    # Nothing was counted: the link's uses stay as they were.
    links = ok(await team.admin.get(MANAGE))["items"]
    assert next(row for row in links if row["id"] == shown["link"])["use_count"] == 0


async def test_what_the_link_does_not_show_is_refused(app: FastAPI, team: Team, other_tenant: Api) -> None:
    shown = await shared_cameras(app, team)
    anon: Api = team.new_api()
    token = shown["token"]
    # Another device of the same tenant, another tenant's device id, a bad token, a disabled link.
    for device_id in (shown["hidden"], 999_999):
        resp = await anon.get(CAMERA, params={"token": token, "device_id": device_id, "source": "device"})
        assert code(resp) == 118302, resp
    theirs = await register(other_tenant, "IOTCAM09")
    resp = await anon.get(CAMERA, params={"token": token, "device_id": theirs["id"], "source": "device"})
    assert code(resp) == 118302, resp
    assert code(await anon.get(CAMERA, params={"token": "nope", "device_id": shown["device"]})) == 118301
    ok(await team.admin.put(MANAGE, {"id": shown["link"], "use_state": 0}))
    assert code(await anon.get(CAMERA, params={"token": token, "device_id": shown["device"]})) == 118305
    # Malformed: a slot out of range, an unknown source.
    ok(await team.admin.put(MANAGE, {"id": shown["link"], "use_state": 1}))
    for bad in ({"slot": 16}, {"slot": -1}, {"source": "cloud"}):
        resp = await anon.get(CAMERA, params={"token": token, "device_id": shown["device"], **bad})
        assert code(resp) == 100004, (bad, resp)


async def test_a_creator_without_a_video_account_plays_no_slot(app: FastAPI, team: Team) -> None:
    shown = await shared_cameras(app, team)
    ok(await team.admin.call("DELETE", "/third/party/account"))
    anon: Api = team.new_api()
    resp = await anon.get(CAMERA, params={"token": shown["token"], "device_id": shown["device"], "slot": 0})
    assert code(resp) == 110352, resp
    # The device's own address needs no account.
    own = await anon.get(CAMERA, params={"token": shown["token"], "device_id": shown["device"], "source": "device"})
    assert ok(own) == {"url": OWN}


async def test_a_dashboard_links_camera_card_plays_its_device(app: FastAPI, team: Team) -> None:
    shown = await shared_cameras(app, team)
    board = ok(await team.admin.post("/yun/dashboard", {"name": "gate wall"}))
    card = {"id": "cam", "type": "camera", "settings": {"device_id": shown["device"], "source": "device"}}
    document = {"cards": [card], "layouts": {"desktop": [{"i": "cam", "x": 0, "y": 0, "w": 8, "h": 6}]}}
    ok(await team.admin.post("/yun/dashboard/save", {"id": board["id"], "version": 1, "document": document}))
    made = ok(await team.admin.post(MANAGE, {"link_type": 2, "permission": 1, "dashboard_id": board["id"]}))
    anon: Api = team.new_api()
    ask = {"token": made["token"], "device_id": shown["device"]}
    assert ok(await anon.get(CAMERA, params={**ask, "source": "device"})) == {"url": OWN}
    assert ok(await anon.get(CAMERA, params={**ask, "slot": 1}))["url"]
    # A camera card shows the camera, not the device: its screens and values stay closed to the link.
    screen = await anon.get("/yun/shared/module/device", params={"token": made["token"], "device_id": shown["device"]})
    assert code(screen) == 118302, screen
    # The device the dashboard does not show.
    resp = await anon.get(CAMERA, params={"token": made["token"], "device_id": shown["hidden"], "source": "device"})
    assert code(resp) == 118302, resp
