"""3D models over HTTP: a .gltf uploaded with the buffers and textures it names (SPEC §5 "Models: gltf, bin, jpg,
jpeg, png; exactly one gltf; no duplicates; total size limit"), 114014-114017 and 1145xx, stored under the data dir,
counted in gallery_mb, served to the tenant's readers beside the .gltf, deleted with their files."""

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from iotyun.core.limits import MODEL_MAX_BYTES
from iotyun.resources import models3d
from iotyun.resources.storage import model_dir_of
from tests.conftest import Api, code
from tests.resources.factories import classify, jpeg, pixels, png
from tests.resources.test_classify import system_id
from tests.team.factories import Team
from tests.templates.factories import ok

PATH = "/yun/resourcesInfo/model"
BIN = bytes(range(256)) * 4


def gltf(*uris: str) -> bytes:
    """A glTF 2.0 document whose first uri is a buffer and the others images."""
    doc: dict[str, Any] = {"asset": {"version": "2.0"}}
    if uris:
        doc["buffers"] = [{"uri": uris[0], "byteLength": len(BIN)}]
        doc["images"] = [{"uri": u} for u in uris[1:]]
    return json.dumps(doc).encode()


def standard() -> list[tuple[str, bytes]]:
    return [
        ("pump.gltf", gltf("pump.bin", "skin.png", "plate%20a.jpg")),
        ("pump.bin", BIN),
        ("skin.png", png(8, 8)),
        ("plate a.jpg", jpeg(4, 4)),
    ]


async def send(api: Api, classify_id: int, files: list[tuple[str, bytes]], name: str = "泵模型") -> dict[str, Any]:
    """POST /yun/resourcesInfo/model as the browser sends it: one multipart request of every file."""
    parts = [("files", (fname, data, "application/octet-stream")) for fname, data in files]
    form = {"classify_id": str(classify_id), "name": name}
    return await api.call("POST", PATH, data=form, files=parts)


async def upload(api: Api, classify_id: int, files: list[tuple[str, bytes]] | None = None, **kw: Any) -> dict[str, Any]:
    model: dict[str, Any] = ok(await send(api, classify_id, files if files is not None else standard(), **kw))
    return model


async def designer(team: Team) -> Api:
    """Another user of the team who designs screens (P41600)."""
    await team.role("designer", ["P41600"])
    await team.user("una", "designer")
    return await team.login("una")


async def fetch(api: Api, url: str, token: bool = True) -> Any:
    """What a glTF loader gets, sending the caller's token headers."""
    return await api.client.get(url, headers=api._headers() if token else {})


class TestStricterChecks:
    """Issue 38 point 2: nothing missing, nothing extra, nothing truncated, glTF 2.0 only; each refusal names the file."""

    async def test_a_missing_texture_is_refused_naming_it(self, team: Team) -> None:
        cid = await classify(team.admin)
        refused = await send(team.admin, cid, standard()[:3])  # "plate a.jpg" left out
        assert code(refused) == 114509 and "plate a.jpg" in refused["meta"]["detail"]

    async def test_an_extra_file_is_refused_naming_it(self, team: Team) -> None:
        cid = await classify(team.admin)
        refused = await send(team.admin, cid, [*standard(), ("spare.bin", BIN)])
        assert code(refused) == 114512 and "spare.bin" in refused["meta"]["detail"]

    async def test_a_truncated_bin_is_refused_naming_it(self, team: Team) -> None:
        cid = await classify(team.admin)
        files = [(n, d[:-1] if n == "pump.bin" else d) for n, d in standard()]
        refused = await send(team.admin, cid, files)
        assert code(refused) == 114509 and "pump.bin" in refused["meta"]["detail"]

    async def test_only_gltf_2(self, team: Team) -> None:
        cid = await classify(team.admin)
        old = json.dumps({"asset": {"version": "1.0"}}).encode()
        refused = await send(team.admin, cid, [("old.gltf", old)])
        assert code(refused) == 114509 and "old.gltf" in refused["meta"]["detail"]

    async def test_the_project_models_upload(self, team: Team) -> None:
        cid = await classify(team.admin)
        model = await upload(team.admin, cid, models3d.fan().files(), name="风机")
        assert [f["name"] for f in model["files"]] == ["fan.gltf", "fan.bin"]


class TestUpload:
    async def test_without_P41600(self, team: Team) -> None:
        await team.role("viewer", ["P24000"])
        await team.user("vera", "viewer")
        vera = await team.login("vera")
        cid = await classify(team.admin)
        assert code(await send(vera, cid, standard())) == 100015

    async def test_stores_and_serves_the_gltf_and_its_files_beside_it(self, team: Team, api: Api) -> None:
        cid = await classify(team.admin)
        files = standard()
        model = await upload(team.admin, cid, files)
        assert (model["name"], model["classify_id"]) == ("泵模型", cid)
        assert [f["name"] for f in model["files"]] == [n for n, _ in files]
        assert model["url"] == model["files"][0]["url"] and model["url"].endswith("/pump.gltf")
        base = model["url"].rsplit("/", 1)[0]
        # The loader resolves the .gltf's relative uris against its URL: each is a file of the model.
        gltf_resp = await fetch(team.admin, model["url"])
        assert gltf_resp.status_code == 200 and gltf_resp.content == files[0][1]
        assert gltf_resp.headers["content-type"] == "model/gltf+json"
        served = [len(gltf_resp.content)]
        for uri, (name, data) in zip(["pump.bin", "skin.png", "plate%20a.jpg"], files[1:], strict=True):
            resp = await fetch(team.admin, f"{base}/{uri}")
            assert resp.status_code == 200
            served.append(len(resp.content))
            if name.endswith(".bin"):
                assert resp.content == data
            else:  # a texture is kept as encoded again from its decoded pixels, as a gallery image is
                assert pixels(resp.content)[1] == pixels(data)[1]
        assert [f["size_bytes"] for f in model["files"]] == served and model["size_bytes"] == sum(served)
        assert (await fetch(team.admin, f"{base}/skin.png")).headers["content-type"] == "image/png"

    async def test_the_gltf_is_listed_first_whatever_the_order_sent(self, team: Team) -> None:
        cid = await classify(team.admin)
        files = standard()
        model = await upload(team.admin, cid, [*files[1:], files[0]])
        assert [f["name"] for f in model["files"]] == [n for n, _ in files]

    async def test_a_gltf_alone_and_data_uris_need_no_other_file(self, team: Team) -> None:
        cid = await classify(team.admin)
        await upload(team.admin, cid, [("box.gltf", gltf())], name="a")
        embedded = gltf("data:application/octet-stream;base64," + base64.b64encode(BIN).decode())
        await upload(team.admin, cid, [("box.gltf", embedded)], name="b")

    @pytest.mark.parametrize(
        "files",
        [
            [("pump.gltf", gltf()), ("pump.obj", b"v 0 0 0")],
            [("pump.gltf", gltf()), ("readme", b"x")],
            [("pump.gltf", gltf()), ("skin.png", b"not a png")],
            [("pump.gltf", gltf()), ("../skin.png", png())],
            [("pump.gltf", gltf()), (".hidden.bin", BIN)],
        ],
        ids=["obj", "no-extension", "text-named-png", "folder-in-name", "hidden"],
    )
    async def test_file_types_114014(self, team: Team, files: list[tuple[str, bytes]]) -> None:
        assert code(await send(team.admin, await classify(team.admin), files)) == 114014

    @pytest.mark.parametrize(
        "files",
        [[("pump.bin", BIN)], [("a.gltf", gltf()), ("b.GLTF", gltf())]],
        ids=["none", "two"],
    )
    async def test_exactly_one_gltf_114015(self, team: Team, files: list[tuple[str, bytes]]) -> None:
        assert code(await send(team.admin, await classify(team.admin), files)) == 114015

    async def test_two_files_of_one_name_114016(self, team: Team) -> None:
        cid = await classify(team.admin)
        files = [("pump.gltf", gltf("pump.bin")), ("pump.bin", BIN), ("PUMP.bin", BIN)]
        assert code(await send(team.admin, cid, files)) == 114016

    async def test_total_size_114017(self, team: Team) -> None:
        cid = await classify(team.admin)
        half = MODEL_MAX_BYTES // 2
        files = [("m.gltf", gltf("a.bin", "b.png")), ("a.bin", b"\0" * half), ("b.png", png(pad=half))]
        refused = await send(team.admin, cid, files)
        assert code(refused) == 114017 and "10 MB" in refused["meta"]["detail"]

    async def test_a_body_past_the_total_is_refused_before_it_is_read(self, team: Team) -> None:
        cid = await classify(team.admin)
        resp = await send(team.admin, cid, [("m.gltf", gltf("a.bin")), ("a.bin", b"\0" * (MODEL_MAX_BYTES + 200_000))])
        assert (resp["status"], code(resp)) == (413, 114017)

    @pytest.mark.parametrize(
        "document",
        [
            b"not json {",
            b"\xff\xfe",
            b"[1, 2]",
            b'{"buffers": []}',
            gltf("missing.bin"),
            gltf("../pump.bin"),
            gltf("%2e%2e%2fpump.bin"),
            gltf("sub/pump.bin"),
            gltf("/etc/passwd"),
            gltf("https://example.com/pump.bin"),
            json.dumps({"asset": {}, "buffers": [{"uri": 5}]}).encode(),
            json.dumps({"asset": {}, "images": "x"}).encode(),
        ],
        ids=[
            "not-json",
            "not-utf8",
            "not-an-object",
            "no-asset",
            "not-uploaded",
            "parent",
            "encoded-parent",
            "folder",
            "absolute",
            "other-scheme",
            "uri-not-text",
            "images-not-a-list",
        ],
    )
    async def test_parse_failures_and_traversal_114509(self, team: Team, document: bytes) -> None:
        cid = await classify(team.admin)
        assert code(await send(team.admin, cid, [("pump.gltf", document), ("pump.bin", BIN)])) == 114509

    async def test_names(self, team: Team) -> None:
        cid = await classify(team.admin)
        assert code(await send(team.admin, cid, standard(), name=" ")) == 114502
        assert code(await send(team.admin, cid, standard(), name="x" * 21)) == 114503
        await upload(team.admin, cid, name="x" * 20)
        assert code(await send(team.admin, cid, standard(), name="x" * 20)) == 114504
        # One name per classification: another classification takes it.
        await upload(team.admin, await classify(team.admin, "阀"), name="x" * 20)

    async def test_classifications(self, team: Team, other_tenant: Api) -> None:
        assert code(await send(team.admin, 999_999, standard())) == 114505
        assert code(await send(team.admin, await system_id(team.admin), standard())) == 114510
        theirs = await classify(other_tenant)
        assert code(await send(team.admin, theirs, standard())) == 114505
        una = await designer(team)
        assert code(await send(una, await classify(team.admin), standard())) == 114505

    async def test_the_quota_counts_models_and_images_together(self, team: Team) -> None:
        ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"gallery_mb": 1}))
        cid = await classify(team.admin)
        big = [("m.gltf", gltf("m.bin")), ("m.bin", b"\0" * (700 * 1024))]
        model = await upload(team.admin, cid, big, name="a")
        usage = ok(await team.admin.get("/yun/resourcesInfo/usage"))
        assert usage["used_bytes"] == model["size_bytes"]
        assert code(await send(team.admin, cid, big, name="b")) == 114012
        image = await team.admin.call(
            "POST",
            "/yun/resourcesInfo",
            data={"classify_id": str(cid), "name": "p", "use": "background"},
            files={"file": ("p.png", png(pad=400 * 1024), "image/png")},
        )
        assert code(image) == 114012
        ok(await team.admin.call("DELETE", PATH, params={"id": model["id"]}))
        assert ok(await team.admin.get("/yun/resourcesInfo/usage"))["used_bytes"] == 0
        await upload(team.admin, cid, big, name="b")


class TestListAndDelete:
    async def test_listed_by_classification_and_name(self, team: Team) -> None:
        first, second = await classify(team.admin), await classify(team.admin, "阀")
        a = await upload(team.admin, first, name="离心泵")
        b = await upload(team.admin, second, name="闸阀")
        everything = ok(await team.admin.get(PATH))
        assert [m["id"] for m in everything["items"]] == [b["id"], a["id"]] and everything["total"] == 2
        assert [m["id"] for m in ok(await team.admin.get(PATH, params={"classify_id": first}))["items"]] == [a["id"]]
        assert [m["id"] for m in ok(await team.admin.get(PATH, params={"name": "闸"}))["items"]] == [b["id"]]
        counts = {c["id"]: c["model_count"] for c in ok(await team.admin.get("/yun/resourcesClassify"))}
        assert (counts[first], counts[second]) == (1, 1)

    async def test_a_classification_holding_a_model_is_not_deleted(self, team: Team) -> None:
        cid = await classify(team.admin)
        model = await upload(team.admin, cid)
        assert code(await team.admin.call("DELETE", "/yun/resourcesClassify", params={"id": cid})) == 114006
        ok(await team.admin.call("DELETE", PATH, params={"id": model["id"]}))
        ok(await team.admin.call("DELETE", "/yun/resourcesClassify", params={"id": cid}))

    async def test_delete_removes_the_files(self, team: Team, tmp_path: Path) -> None:
        model = await upload(team.admin, await classify(team.admin))
        key = model["url"].split("/")[-2]
        # The app's data dir is the test's tmp_path (tests/conftest.py make_settings).
        folder = model_dir_of(tmp_path / "gallery", key)
        assert sorted(p.name for p in folder.iterdir()) == ["0.gltf", "1.bin", "2.png", "3.jpg"]
        ok(await team.admin.call("DELETE", PATH, params={"id": model["id"]}))
        assert not folder.exists()
        assert code((await fetch(team.admin, model["url"])).json()) == 114501
        assert code(await team.admin.call("DELETE", PATH, params={"id": model["id"]})) == 114501
        assert ok(await team.admin.get(PATH))["total"] == 0


class TestIsolation:
    async def test_another_tenant_neither_lists_deletes_nor_fetches(self, team: Team, other_tenant: Api) -> None:
        model = await upload(team.admin, await classify(team.admin))
        assert ok(await other_tenant.get(PATH))["total"] == 0
        assert code(await other_tenant.call("DELETE", PATH, params={"id": model["id"]})) == 114501
        assert code((await fetch(other_tenant, model["url"])).json()) == 114501
        assert (await fetch(team.admin, model["url"])).status_code == 200

    async def test_another_user_of_the_tenant_reads_the_files_but_does_not_delete(self, team: Team) -> None:
        model = await upload(team.admin, await classify(team.admin))
        una = await designer(team)
        assert (await fetch(una, model["url"])).status_code == 200
        assert ok(await una.get(PATH))["total"] == 0
        assert code(await una.call("DELETE", PATH, params={"id": model["id"]})) == 114501

    async def test_without_a_token_or_with_an_unknown_name(self, team: Team) -> None:
        model = await upload(team.admin, await classify(team.admin))
        assert code((await fetch(team.admin, model["url"], token=False)).json()) == 100009
        base = model["url"].rsplit("/", 1)[0]
        for name in ("other.bin", "0.gltf", "PUMP.gltf"):
            assert code((await fetch(team.admin, f"{base}/{name}")).json()) == 114501
        # A name with a folder in it is no file of the route: nothing is served from a path built of it.
        climbing = await fetch(team.admin, f"{base}/..%2f..%2fpump.gltf")
        assert climbing.status_code == 404 and code(climbing.json()) == 100005
        short = "/api/yun/resourcesInfo/model/file/short/pump.gltf"
        assert code((await fetch(team.admin, short)).json()) == 114501
