"""The software library over HTTP (issue 34 point 1, docs/api-software.md): upload a package with its version,
models, update content and mode; list, read, edit, download (with ranges) and delete; each refusal a code of its
own with nothing stored; another tenant sees nothing; clients ask for a newer mobile or PC version."""

import os
import time
from pathlib import Path
from typing import Any

import pytest

from iotyun.core.limits import SOFTWARE_INCOMING_MAX_AGE_S
from iotyun.software import storage
from iotyun.software.router import PackageResponse
from tests.conftest import Api, code
from tests.software.factories import PATH, apk, gateway_package, pe_exe, send, sha256
from tests.team.factories import Team
from tests.templates.factories import ok


async def upload(api: Api, data: bytes | None = None, **kw: Any) -> dict[str, Any]:
    version = kw.get("version", "2.1.0")
    body = data if data is not None else gateway_package(version)
    row: dict[str, Any] = ok(await send(api, body, **kw))
    return row


def stored(tmp_path: Path) -> list[str]:
    """Every file under the library's folder (the app's data dir is the test's tmp_path)."""
    root = tmp_path / "software"
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []


async def librarian(team: Team, codes: list[str] | None = None, name: str = "lena") -> Api:
    await team.role(f"r{name}", codes if codes is not None else ["P141000"])
    await team.user(name, f"r{name}")
    return await team.login(name)


class TestUpload:
    async def test_stores_lists_and_serves_the_package(self, team: Team, tmp_path: Path) -> None:
        data = gateway_package("2.1.0", ["IG-100", "IG-200"])
        row = await upload(team.admin, data, models=["IG-100", "IG-200"], mode="1", name="网关 2.1.tar.gz")
        assert (row["type"], row["version"], row["models"], row["mode"], row["state"]) == (
            1,
            "2.1.0",
            ["IG-100", "IG-200"],
            1,
            1,
        )
        assert (row["kind"], row["size"], row["sha256"]) == ("gateway", len(data), sha256(data))
        assert row["file_name"] == "网关 2.1.tar.gz" and row["created_by_name"]
        assert (row["content_zh"], row["content_en"]) == ("修复问题", "Fixes")
        assert len(stored(tmp_path)) == 1 and not any(p.startswith("incoming") for p in stored(tmp_path))
        listed = ok(await team.admin.get(PATH))
        assert listed["total"] == 1 and listed["items"][0] == row
        assert ok(await team.admin.get(f"{PATH}/info", params={"id": row["id"]})) == row
        resp = await team.admin.client.get(f"/api{PATH}/file", params={"id": row["id"]}, headers=team.admin._headers())
        assert resp.status_code == 200 and resp.content == data
        assert resp.headers["x-checksum-sha256"] == sha256(data)
        assert "attachment" in resp.headers["content-disposition"]
        # An interrupted download resumes where it stopped.
        part = await team.admin.client.get(
            f"/api{PATH}/file", params={"id": row["id"]}, headers={**team.admin._headers(), "Range": "bytes=10-"}
        )
        assert part.status_code == 206 and part.content == data[10:]

    async def test_mobile_and_pc_fit_the_platform_their_bytes_name(self, team: Team) -> None:
        android = await upload(team.admin, apk(), software_type=2, version="1.0.0", name="app.apk")
        windows = await upload(team.admin, pe_exe(), software_type=3, version="1.0.0", name="setup.exe")
        assert (android["models"], android["kind"]) == (["android"], "apk")
        assert (windows["models"], windows["kind"]) == (["windows"], "exe")
        mobile = ok(await team.admin.get(PATH, params={"type": 2}))
        assert [r["id"] for r in mobile["items"]] == [android["id"]]
        assert ok(await team.admin.get(PATH, params={"model": "windows"}))["items"][0]["id"] == windows["id"]
        assert ok(await team.admin.get(PATH, params={"keyword": "setup"}))["total"] == 1

    async def test_models_may_come_as_one_comma_list(self, team: Team) -> None:
        row = await upload(team.admin, models=["IG-100, IG-200", "IG-100"])
        assert row["models"] == ["IG-100", "IG-200"]
        assert ok(await team.admin.get(PATH, params={"model": "IG-200"}))["total"] == 1
        assert ok(await team.admin.get(PATH, params={"model": "IG-2"}))["total"] == 0

    async def test_without_P141000_100015(self, team: Team) -> None:
        upgrader = await librarian(team, ["P142000"], "uma")
        assert code(await send(upgrader, gateway_package())) == 100015
        assert ok(await upgrader.get(PATH))["total"] == 0  # the upgrades' page reads the library
        nobody = await librarian(team, ["P10000"], "nina")
        assert code(await nobody.get(PATH)) == 100015
        lena = await librarian(team)
        await upload(lena)


class TestRefusals:
    @pytest.mark.parametrize("version", ["v2.1.0", "2.1", "02.1.0", "2.1.0.0", "2.1.0-", "x", "1.0.0+" + "b" * 40])
    async def test_not_a_version_116005(self, team: Team, tmp_path: Path, version: str) -> None:
        assert code(await send(team.admin, gateway_package(version), version=version)) == 116005
        assert stored(tmp_path) == []

    async def test_exists_for_a_model_116004_and_not_newer_116006(self, team: Team) -> None:
        await upload(team.admin, version="2.1.0", models=["IG-100"])
        assert code(await send(team.admin, gateway_package("2.1.0"), models=["IG-100"])) == 116004
        assert code(await send(team.admin, gateway_package("2.1.0"), models=["IG-200", "IG-100"])) == 116004
        assert code(await send(team.admin, gateway_package("2.0.9"), version="2.0.9")) == 116006
        assert code(await send(team.admin, gateway_package("2.1.0-rc.1"), version="2.1.0-rc.1")) == 116006
        # Another model has its own line of versions; build metadata does not make a version new.
        await upload(team.admin, gateway_package("2.0.0"), version="2.0.0", models=["IG-200"])
        assert code(await send(team.admin, gateway_package("2.1.0+b7"), version="2.1.0+b7")) == 116004
        await upload(team.admin, gateway_package("2.1.1"), version="2.1.1")
        assert ok(await team.admin.get(PATH))["total"] == 3

    async def test_a_package_that_says_another_version_116001(self, team: Team, tmp_path: Path) -> None:
        assert code(await send(team.admin, gateway_package("2.0.0"), version="2.1.0")) == 116001
        assert stored(tmp_path) == []

    async def test_a_package_for_other_models_116009(self, team: Team) -> None:
        data = gateway_package("2.1.0", ["IG-300"])
        assert code(await send(team.admin, data, models=["IG-100"])) == 116009
        await upload(team.admin, data, models=["IG-300"])

    async def test_not_what_the_type_says_116001(self, team: Team, tmp_path: Path) -> None:
        assert code(await send(team.admin, apk())) == 116001
        assert code(await send(team.admin, gateway_package("1.0.0"), software_type=2, version="1.0.0")) == 116001
        assert code(await send(team.admin, b"<?php echo 1;", software_type=3, version="1.0.0")) == 116001
        assert stored(tmp_path) == []

    async def test_truncated_upload_116001(self, team: Team, tmp_path: Path) -> None:
        data = gateway_package("2.1.0", extra={"payload/blob": bytes(range(256)) * 400})
        assert code(await send(team.admin, data[:-100])) == 116001
        # The uploader's checksum catches what the bytes alone would not.
        refused = await send(team.admin, data, sha256=sha256(data[:-1]))
        assert (code(refused), refused["meta"].get("field")) == (116001, "sha256")
        assert stored(tmp_path) == [] and ok(await team.admin.get(PATH))["total"] == 0
        await upload(team.admin, data, sha256=sha256(data).upper())

    async def test_too_large_116002(self, team: Team, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(storage, "SOFTWARE_PACKAGE_MAX_BYTES", 1000)
        refused = await send(team.admin, gateway_package(extra={"payload/blob": os.urandom(3000)}))
        assert code(refused) == 116002
        assert stored(tmp_path) == []

    @pytest.mark.parametrize(
        ("form", "field"),
        [
            ({"models": []}, "models"),
            ({"models": ["x" * 21]}, "models"),
            ({"models": [f"M{i}" for i in range(21)]}, "models"),
            ({"content_zh": "", "content_en": ""}, "content_zh"),
            ({"content_zh": "a\x00b"}, "content_zh"),
            ({"mode": "2"}, "mode"),
            ({"sha256": "abc"}, "sha256"),
        ],
        ids=["no-model", "long-model", "many-models", "no-content", "nul", "mode", "sha-format"],
    )
    async def test_bad_fields_100004(self, team: Team, tmp_path: Path, form: dict[str, Any], field: str) -> None:
        fields = dict(form)
        models = fields.pop("models", None)
        refused = await send(team.admin, gateway_package(), models=models, **fields)
        assert code(refused) == 100004 and refused["meta"].get("field") == field, refused
        assert stored(tmp_path) == []


class TestEditAndDelete:
    async def test_edit_content_mode_and_state(self, team: Team) -> None:
        row = await upload(team.admin)
        changed = ok(
            await team.admin.put(PATH, {"id": row["id"], "content_en": "Faster polling", "mode": 1, "state": 0})
        )
        assert (changed["content_zh"], changed["content_en"], changed["mode"], changed["state"]) == (
            "修复问题",
            "Faster polling",
            1,
            0,
        )
        assert code(await team.admin.put(PATH, {"id": row["id"], "content_zh": "", "content_en": ""})) == 100004
        assert code(await team.admin.put(PATH, {"id": row["id"], "state": 3})) == 100004
        assert code(await team.admin.put(PATH, {"id": row["id"] + 99, "mode": 0})) == 116003

    async def test_a_package_of_many_chunks_is_served_whole_and_in_any_range(self, team: Team) -> None:
        # Random bytes do not compress: the package is several of the response's chunks long.
        data = gateway_package("2.1.0", ["IG-100"], extra={"payload/blob.bin": os.urandom(900_000)})
        assert len(data) > 3 * PackageResponse.chunk_size
        row = await upload(team.admin, data, models=["IG-100"])
        headers = team.admin._headers()
        whole = await team.admin.client.get(f"/api{PATH}/file", params={"id": row["id"]}, headers=headers)
        assert whole.status_code == 200 and whole.content == data
        assert whole.headers["content-length"] == str(len(data)) and whole.headers["etag"]
        edge = PackageResponse.chunk_size
        for first, last in ((0, 0), (edge - 1, edge), (edge - 5, 2 * edge + 5), (len(data) - 7, len(data) - 1)):
            part = await team.admin.client.get(
                f"/api{PATH}/file", params={"id": row["id"]}, headers={**headers, "Range": f"bytes={first}-{last}"}
            )
            assert part.status_code == 206 and part.content == data[first : last + 1], (first, last)

    async def test_a_package_whose_file_is_gone_116003(self, team: Team, tmp_path: Path) -> None:
        row = await upload(team.admin)
        for name in stored(tmp_path):
            (tmp_path / "software" / name).unlink()
        resp = await team.admin.client.get(f"/api{PATH}/file", params={"id": row["id"]}, headers=team.admin._headers())
        assert code(resp.json()) == 116003

    async def test_delete_removes_the_package(self, team: Team, tmp_path: Path) -> None:
        row = await upload(team.admin)
        assert len(stored(tmp_path)) == 1
        ok(await team.admin.call("DELETE", PATH, params={"id": row["id"]}))
        assert stored(tmp_path) == []
        assert code(await team.admin.call("DELETE", PATH, params={"id": row["id"]})) == 116003
        assert code(await team.admin.get(f"{PATH}/info", params={"id": row["id"]})) == 116003
        # Its number is free again.
        await upload(team.admin)


class TestIsolation:
    async def test_another_tenant_sees_and_touches_nothing(self, team: Team, other_tenant: Api) -> None:
        row = await upload(team.admin)
        assert ok(await other_tenant.get(PATH))["total"] == 0
        assert code(await other_tenant.get(f"{PATH}/info", params={"id": row["id"]})) == 116003
        assert code(await other_tenant.put(PATH, {"id": row["id"], "state": 0})) == 116003
        assert code(await other_tenant.call("DELETE", PATH, params={"id": row["id"]})) == 116003
        resp = await other_tenant.client.get(
            f"/api{PATH}/file", params={"id": row["id"]}, headers=other_tenant._headers()
        )
        assert code(resp.json()) == 116003
        # Its own library is its own: the same number is new there.
        ok(await send(other_tenant, gateway_package()))
        assert ok(await team.admin.get(f"{PATH}/info", params={"id": row["id"]}))["state"] == 1


class TestLatest:
    async def test_newer_and_forced_for_the_asking_platform(self, team: Team) -> None:
        app = apk()
        first = await upload(team.admin, app, software_type=2, version="1.0.0", mode="1")
        newest = await upload(team.admin, app, software_type=2, version="1.1.0")
        await upload(team.admin, pe_exe(), software_type=3, version="9.0.0")
        user = await librarian(team, ["P10000"], "ulla")

        async def ask(current: str, platform: str = "android") -> dict[str, Any]:
            answer: dict[str, Any] = ok(
                await user.get(f"{PATH}/latest", params={"type": 2, "platform": platform, "current": current})
            )
            return answer

        old = await ask("0.9.0")
        assert (old["newer"], old["forced"], old["latest"]["id"]) == (True, True, newest["id"])
        assert old["download_url"] == f"/api/software/version/file?id={newest['id']}"
        assert ((await ask("1.0.0"))["newer"], (await ask("1.0.0"))["forced"]) == (True, False)
        assert ((await ask("1.1.0"))["newer"], (await ask("1.1.0"))["download_url"]) == (False, None)
        assert (await ask("1.0.0", "ios"))["latest"] is None
        assert code(await user.get(f"{PATH}/latest", params={"type": 2, "current": "one"})) == 116005
        # Any user of the tenant fetches a published app; a withdrawn one is offered to nobody.
        resp = await user.client.get(f"/api{PATH}/file", params={"id": newest["id"]}, headers=user._headers())
        assert resp.status_code == 200 and resp.content == app
        ok(await team.admin.put(PATH, {"id": newest["id"], "state": 0}))
        assert (await ask("0.9.0"))["latest"]["id"] == first["id"]
        resp = await user.client.get(f"/api{PATH}/file", params={"id": newest["id"]}, headers=user._headers())
        assert code(resp.json()) == 116003

    async def test_a_gateway_package_is_not_every_users(self, team: Team) -> None:
        row = await upload(team.admin)
        user = await librarian(team, ["P10000"], "ulla")
        resp = await user.client.get(f"/api{PATH}/file", params={"id": row["id"]}, headers=user._headers())
        assert code(resp.json()) == 116003
        upgrader = await librarian(team, ["P142000"], "uwe")
        resp = await upgrader.client.get(f"/api{PATH}/file", params={"id": row["id"]}, headers=upgrader._headers())
        assert resp.status_code == 200

    async def test_users_hear_of_a_newer_pc_version(self, team: Team) -> None:
        user = await librarian(team, ["P10000", "P71000"], "ulla")

        async def told() -> list[tuple[str, dict[str, Any], int | None]]:
            inbox = ok(await user.get("/yun/messageCenter/receive"))["items"]
            return [(m["text_key"], m["params"], m["link_id"]) for m in inbox if m["kind"] == "upgrade"]

        await upload(team.admin, apk(), software_type=2, version="1.0.0")
        assert await told() == []  # a mobile version: the app asks for itself
        first = await upload(team.admin, pe_exe(), software_type=3, version="1.0.0")
        facts = {"version": "1.0.0", "platform": "windows", "file_name": "package.tar.gz"}
        assert await told() == [("messages.software.pc", facts, first["id"])]
        newer = await upload(team.admin, pe_exe(), software_type=3, version="1.1.0")
        ok(await team.admin.put(PATH, {"id": first["id"], "state": 0}))
        ok(await team.admin.put(PATH, {"id": first["id"], "state": 1}))  # published again, yet 1.1.0 is newer
        ok(await team.admin.put(PATH, {"id": newer["id"], "state": 0}))
        ok(await team.admin.put(PATH, {"id": newer["id"], "state": 1}))  # withdrawn and offered again: told again
        assert [params["version"] for _, params, _ in await told()] == ["1.1.0", "1.1.0", "1.0.0"]


class TestIncomingSweep:
    def test_uploads_left_by_a_killed_process_go_and_fresh_ones_stay(self, tmp_path: Path) -> None:
        incoming = tmp_path / "incoming"
        incoming.mkdir()
        old, fresh, other = incoming / "a.part", incoming / "b.part", incoming / "notes.txt"
        for path in (old, fresh, other):
            path.write_bytes(b"x")
        now = time.time()
        os.utime(old, (now - SOFTWARE_INCOMING_MAX_AGE_S - 5, now - SOFTWARE_INCOMING_MAX_AGE_S - 5))
        assert storage.sweep_incoming(tmp_path, now) == 1
        assert not old.exists() and fresh.exists() and other.exists()
        assert storage.sweep_incoming(tmp_path / "nothing-here", now) == 0
