"""SPEC §7's other account paths (docs/api.md "SPEC §7 account paths"): /heart, /logout and /user/pwd are the same
handlers as /yun/user/heart, /yun/user/logout and /yun/user/edit/pwd; /user/phoneTel answers one's own contact
masked; /validateReq lets a client test its signing and clock."""

from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.auth.service import mask_email, mask_phone
from iotyun.core.db import utcnow
from tests.auth.test_router import PASSWORD, set_user
from tests.conftest import Api, code


class TestAliases:
    async def test_heart(self, api: Api) -> None:
        data = await api.register("alice", "13800000001")
        beat = await api.get("/heart")
        assert beat["meta"]["success"] == 1 and beat["data"]["expires_at"] >= data["expires_at"]

    async def test_logout_revokes(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        assert (await api.post("/logout"))["meta"]["success"] == 1
        assert code(await api.get("/yun/user/config")) == 100009

    async def test_user_pwd_changes_the_password(self, api: Api, new_api: Any) -> None:
        await api.register("alice", "13800000001")
        other = new_api()
        await other.login("alice", PASSWORD)
        body = {"old_password": PASSWORD, "password": "newpass99", "password2": "newpass99"}
        assert (await api.put("/user/pwd", body))["meta"]["success"] == 1
        assert code(await other.get("/yun/user/config")) == 100009
        wrong = {"old_password": "nothing1", "password": "newpass77", "password2": "newpass77"}
        assert code(await api.put("/user/pwd", wrong)) == 110313
        api.forget()
        assert (await api.login("alice", "newpass99"))["meta"]["success"] == 1

    async def test_forced_change_still_reaches_them(self, api: Api, app: FastAPI) -> None:
        await api.register("alice", "13800000001")
        await set_user(app, "alice", must_change_password=True)
        assert code(await api.get("/user/phoneTel")) == 100013
        assert (await api.get("/heart"))["meta"]["success"] == 1
        body = {"old_password": PASSWORD, "password": "newpass99", "password2": "newpass99"}
        assert (await api.put("/user/pwd", body))["meta"]["success"] == 1
        assert (await api.get("/user/phoneTel"))["meta"]["success"] == 1

    async def test_without_a_token(self, api: Api) -> None:
        for method, path in (("GET", "/heart"), ("POST", "/logout"), ("PUT", "/user/pwd"), ("GET", "/user/phoneTel")):
            assert code(await api.call(method, path)) == 100009, path


class TestPhoneTel:
    async def test_masked_phone(self, api: Api) -> None:
        await api.register("alice", "13812345678")
        data = (await api.get("/user/phoneTel"))["data"]
        assert data == {"phone": "138****5678", "email": None}

    async def test_masked_email_and_phone(self, api: Api, app: FastAPI) -> None:
        await api.register("alice", "zoe@example.com")
        await set_user(app, "alice", phone="13900001111")
        data = (await api.get("/user/phoneTel"))["data"]
        assert data == {"phone": "139****1111", "email": "z***@example.com"}

    def test_masks(self) -> None:
        assert mask_phone("13812345678") == "138****5678"
        assert mask_email("a@b.cn") == "a***@b.cn"
        assert mask_email("zhang.san@example.com") == "z***@example.com"


VALIDATE = "/validateReq"


class TestValidateReq:
    async def test_signed_get(self, api: Api) -> None:
        body = await api.get(VALIDATE)
        assert body["meta"]["success"] == 1
        data = body["data"]
        assert data["valid"] is True and data["pub_key"] == api.signer.pub
        assert abs(data["server_time"] - utcnow().timestamp() * 1000) < 60_000

    async def test_signed_post_with_a_body(self, api: Api) -> None:
        body = await api.post(VALIDATE, {"anything": 1})
        assert body["meta"]["success"] == 1 and body["data"]["pub_key"] == api.signer.pub

    async def test_unsigned(self, api: Api) -> None:
        assert code((await api.client.get("/api" + VALIDATE)).json()) == 100010

    async def test_forged(self, api: Api) -> None:
        headers = api.signer.headers("GET", VALIDATE)
        headers["SIG"] = headers["SIG"][:-2] + ("00" if headers["SIG"][-2:] != "00" else "11")
        assert code(await api.get(VALIDATE, headers=headers)) == 100010

    async def test_signed_for_another_path(self, api: Api) -> None:
        headers = api.signer.headers("GET", "/yun/login/check/code")
        assert code(await api.get(VALIDATE, headers=headers)) == 100010

    async def test_stale(self, api: Api) -> None:
        old = int(utcnow().timestamp() * 1000) - 61_000
        assert code(await api.get(VALIDATE, headers=api.signer.headers("GET", VALIDATE, ts=old))) == 100011

    async def test_replayed(self, api: Api) -> None:
        headers = api.signer.headers("GET", VALIDATE)
        assert (await api.get(VALIDATE, headers=headers))["meta"]["success"] == 1
        assert code(await api.get(VALIDATE, headers=headers)) == 100012

    async def test_with_a_token_nothing_was_signed(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        data = (await api.get(VALIDATE))["data"]
        assert data["valid"] is True and data["pub_key"] is None


class TestNotServed:
    @pytest.mark.parametrize("path", ["/login", "/yun/login", "/yun/user/login"])
    async def test_the_older_login_forms(self, api: Api, path: str) -> None:
        """docs/api.md "SPEC §7 account paths": the console signs in through /yun/v2/user/login only."""
        await api.register("alice", "13800000001")
        api.forget()
        for method in ("GET", "POST"):
            content = b'{"username": "alice", "password": "secret123"}'
            resp = await api.client.request(
                method,
                "/api" + path,
                content=content,
                headers={"Content-Type": "application/json", **api.signer.headers(method, path, content)},
            )
            assert resp.status_code == 404 and code(resp.json()) == 100005, (method, path)
