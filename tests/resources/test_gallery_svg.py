"""Gallery SVG images, sanitised as symbols are and served with a sandboxing policy (issue 30 point 2), and the
uncategorised bucket an upload naming no classification lands in (issue 30 point 7)."""

from pathlib import Path

from tests.conftest import Api, code
from tests.resources.factories import classify, png, send
from tests.team.factories import Team
from tests.templates.factories import ok

PATH = "/yun/resourcesInfo"
ICON = (
    b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="24" height="16" onload="alert(1)">'
    b'<script>alert(1)</script><a href="javascript:alert(2)"><circle cx="8" cy="8" r="6"/></a></svg>'
)


async def test_an_svg_is_stored_sanitised_and_served_sandboxed(team: Team, api: Api, tmp_path: Path) -> None:
    image = ok(await send(team.admin, await classify(team.admin), ICON, use="icon", filename="i.svg"))
    assert image["content_type"] == "image/svg+xml" and (image["width"], image["height"]) == (24, 16)
    assert image["url"].endswith(".svg")
    stored = next((tmp_path / "gallery").rglob("*.svg")).read_text()
    assert "script" not in stored and "onload" not in stored and "javascript" not in stored
    served = await api.client.get(image["url"])
    assert served.headers["content-type"].startswith("image/svg+xml")
    assert (
        "sandbox" in served.headers["content-security-policy"]
        and "default-src 'none'" in served.headers["content-security-policy"]
    )
    assert served.text == stored


async def test_a_hostile_or_background_svg_is_refused(team: Team) -> None:
    cid = await classify(team.admin)
    assert code(await send(team.admin, cid, b"<!DOCTYPE svg [<!ENTITY a 'b'>]><svg/>", filename="a.svg")) == 114021
    assert code(await send(team.admin, cid, b"<svg><rect/>", filename="a.svg")) == 114020
    assert code(await send(team.admin, cid, ICON, use="background", filename="a.svg")) == 114010
    assert ok(await team.admin.get(PATH, params={"classify_id": cid}))["total"] == 0


async def test_an_upload_without_classification_lands_in_the_uncategorised_bucket(team: Team) -> None:
    form = {"name": "a", "use": "image"}
    files = {"file": ("a.png", png(), "image/png")}
    first = ok(await team.admin.call("POST", PATH, data=form, files=files))
    second = ok(await team.admin.call("POST", PATH, data={**form, "name": "b"}, files=files))
    assert first["classify_id"] == second["classify_id"]
    own = [c for c in ok(await team.admin.get("/yun/resourcesClassify")) if not c["is_system"]]
    assert [(c["uncategorised"], c["name"], c["image_count"]) for c in own] == [(True, "未分类", 2)]
    # Renamed, it is an ordinary classification; the next such upload makes a new bucket.
    ok(await team.admin.put("/yun/resourcesClassify", {"id": first["classify_id"], "name": "泵"}))
    third = ok(await team.admin.call("POST", PATH, data={**form, "name": "c"}, files=files))
    assert third["classify_id"] != first["classify_id"]
