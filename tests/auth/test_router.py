"""Accounts over HTTP: captcha, signing, register, login, lockout, logout, heart, passwords (SPEC §3, §5, §7, §8)."""

from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.auth.models import Role, Tenant, User, UserToken
from iotyun.core.db import utcnow
from tests.conftest import Api, code

PASSWORD = "secret123"
CAPTCHA = "/yun/login/check/code"


async def db_user(app: FastAPI, user_name: str) -> User:
    async with app.state.db.sessionmaker() as s:
        user: User = (await s.execute(select(User).where(User.user_name == user_name))).scalar_one()
        return user


async def set_user(app: FastAPI, user_name: str, **values: Any) -> None:
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(User).where(User.user_name == user_name).values(**values))
        await s.commit()


class TestTimestamp:
    async def test_unsigned_answers_server_time(self, api: Api) -> None:
        body = await api.client.get("/api/yun/sys/info/timestamp")
        assert body.json()["meta"]["success"] == 1
        assert abs(body.json()["data"] - utcnow().timestamp() * 1000) < 5000


class TestSigning:
    async def test_unsigned_refused(self, api: Api) -> None:
        body = (await api.client.get("/api/yun/login/check/code")).json()
        assert code(body) == 100010

    async def test_stale_timestamp_refused(self, api: Api) -> None:
        old = int(utcnow().timestamp() * 1000) - 61_000
        body = await api.get("/yun/login/check/code", headers=api.signer.headers("GET", CAPTCHA, ts=old))
        assert code(body) == 100011

    async def test_future_timestamp_refused(self, api: Api) -> None:
        ahead = int(utcnow().timestamp() * 1000) + 61_000
        body = await api.get("/yun/login/check/code", headers=api.signer.headers("GET", CAPTCHA, ts=ahead))
        assert code(body) == 100011

    async def test_replayed_signature_refused(self, api: Api) -> None:
        headers = api.signer.headers("GET", CAPTCHA)
        assert (await api.get("/yun/login/check/code", headers=headers))["meta"]["success"] == 1
        assert code(await api.get("/yun/login/check/code", headers=headers)) == 100012

    async def test_forged_signature_refused(self, api: Api) -> None:
        headers = api.signer.headers("GET", CAPTCHA)
        headers["SIG"] = headers["SIG"][:-2] + ("00" if headers["SIG"][-2:] != "00" else "11")
        assert code(await api.get("/yun/login/check/code", headers=headers)) == 100010

    async def test_ttl_over_60_refused(self, api: Api) -> None:
        assert (
            code(await api.get("/yun/login/check/code", headers=api.signer.headers("GET", CAPTCHA, ttl=3600))) == 100010
        )

    async def test_version_must_be_v2(self, api: Api) -> None:
        headers = {**api.signer.headers("GET", CAPTCHA), "Version": "V1"}
        assert code(await api.get("/yun/login/check/code", headers=headers)) == 100010

    async def test_signed_request_passes(self, api: Api) -> None:
        body = await api.get("/yun/login/check/code")
        assert body["meta"]["success"] == 1

    @pytest.mark.parametrize("spell", [str.upper, str.swapcase, lambda s: s[:64] + s[64:].upper()])
    async def test_a_hex_case_variant_is_a_replay(self, api: Api, spell: Any) -> None:
        headers = api.signer.headers("GET", CAPTCHA)
        assert (await api.get(CAPTCHA, headers=headers))["meta"]["success"] == 1
        variant = {**headers, "SIG": spell(headers["SIG"])}
        assert variant["SIG"] != headers["SIG"]
        assert code(await api.get(CAPTCHA, headers=variant)) == 100012

    async def test_malformed_hex_refused(self, api: Api) -> None:
        headers = api.signer.headers("GET", CAPTCHA)
        spaced = {**headers, "SIG": headers["SIG"][:2] + " " + headers["SIG"][2:]}
        assert code(await api.get(CAPTCHA, headers=spaced)) == 100010
        assert (await api.get(CAPTCHA, headers=headers))["meta"]["success"] == 1

    async def test_covers_method_path_and_body(self, api: Api) -> None:
        login = "/yun/v2/user/login"
        body = b'{"username": "alice", "password": "secret123", "code": "", "code_key": ""}'
        json_type = {"Content-Type": "application/json"}
        # Signed for another method, another path or another body: refused (and not used up).
        for method, path, content in (
            ("GET", login, body),
            ("POST", "/user/pwd/reset", body),
            ("POST", "/api" + login, body),
            ("POST", login, body.replace(b"alice", b"bobby")),
        ):
            signed = api.signer.headers(method, path, content)
            resp = await api.client.post("/api" + login, content=body, headers={**signed, **json_type})
            assert resp.json()["meta"]["message"] == "100010", (method, path)
        signed = api.signer.headers("POST", login, body)
        resp = await api.client.post("/api" + login, content=body, headers={**signed, **json_type})
        assert resp.json()["meta"]["message"] == "110002"  # past the signature: the captcha is checked

    async def test_old_signature_refused(self, api: Api) -> None:
        """A client still signing only PubKey, TS and TTL is refused with the signature code."""
        headers = api.signer.headers("GET", CAPTCHA)
        old = api.signer.key.sign(f"{api.signer.pub}\n{headers['TS']}\n{headers['TTL']}".encode()).hex()
        assert code(await api.get(CAPTCHA, headers={**headers, "SIG": old})) == 100010


class TestCaptcha:
    async def test_is_a_base64_png(self, api: Api) -> None:
        data = (await api.get("/yun/login/check/code"))["data"]
        assert data["enabled"] is True
        assert data["img"].startswith("data:image/png;base64,iVBOR")
        assert data["expires_in"] == 120

    async def test_single_use(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        api.forget()
        key, answer = await api.captcha()
        login = {"username": "alice", "password": PASSWORD, "code": answer, "code_key": key}
        assert (await api.post("/yun/v2/user/login", login))["meta"]["success"] == 1
        api.forget()
        assert code(await api.post("/yun/v2/user/login", login)) == 110002

    async def test_wrong_answer_spends_it(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        api.forget()
        key, answer = await api.captcha()
        wrong = {"username": "alice", "password": PASSWORD, "code": "ZZZZ", "code_key": key}
        body = await api.post("/yun/v2/user/login", wrong)
        assert code(body) == 110002
        assert body["meta"]["field"] == "code"
        right = {**wrong, "code": answer}
        assert code(await api.post("/yun/v2/user/login", right)) == 110002

    async def test_case_insensitive(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        api.forget()
        key, answer = await api.captcha()
        body = await api.post(
            "/yun/v2/user/login",
            {"username": "alice", "password": PASSWORD, "code": answer.lower(), "code_key": key},
        )
        assert body["meta"]["success"] == 1


class TestRegister:
    async def test_creates_tenant_with_user_as_administrator(self, api: Api, app: FastAPI) -> None:
        data = await api.register("alice", "13800000001")
        assert data["user_name"] == "alice"
        assert data["roles"] == ["administrator"]
        assert "P53000" in data["grantedPermissions"].split(",")
        assert data["menuPermissions"] == "P10000"
        assert data["defaultPage"] == "/index"
        assert data["x_Token"] and len(data["pub_key"]) == 64 and len(data["pri_key"]) == 64
        assert data["old_user"] is False
        async with app.state.db.sessionmaker() as s:
            tenant = await s.get(Tenant, data["tenant_id"])
            assert tenant is not None and tenant.name == "alice"
            roles = (await s.execute(select(Role.code).where(Role.tenant_id == tenant.id))).scalars().all()
            assert set(roles) == {"administrator", "administrator2", "user"}

    async def test_by_email(self, api: Api) -> None:
        data = await api.register("bob", "Bob@Example.com")
        api.forget()
        assert (await api.login("bob@example.com", PASSWORD))["meta"]["success"] == 1
        assert data["user_name"] == "bob"

    async def test_token_works(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        assert (await api.get("/yun/user/config"))["data"]["user_name"] == "alice"

    async def test_two_registrations_are_two_tenants(self, api: Api, new_api: Any) -> None:
        a = await api.register("alice", "13800000001")
        b = await new_api().register("bob", "13800000002")
        assert a["tenant_id"] != b["tenant_id"]

    @pytest.mark.parametrize(
        ("field", "value", "expected"),
        [
            ("user_name", "", 110301),
            ("user_name", "ab", 110302),
            ("user_name", "9lives", 110302),
            ("user_name", "has space", 110302),
            ("user_name", "a" * 33, 110302),
            ("password", "12345", 110305),
            ("password", "a" * 21, 110305),
            ("password", "abc 123", 110305),
            ("password", "abc!123", 110305),
            ("password2", "different1", 110306),
            ("account", "1380000000", 110318),
            ("account", "138000000011", 110318),
            ("account", "not-an-email@", 110318),
            ("company", "c" * 31, 110317),
            ("sms_code", "", 110301),
        ],
    )
    async def test_rule(self, api: Api, app: FastAPI, field: str, value: str, expected: int) -> None:
        sms = await api.send_code("13800000001")
        body: dict[str, Any] = {
            "user_name": "alice",
            "account": "13800000001",
            "sms_code": sms,
            "password": PASSWORD,
            "password2": PASSWORD,
            "agree": True,
        }
        body[field] = value
        if field == "password":
            body["password2"] = value
        answer = await api.post("/user/register", body)
        assert code(answer) == expected
        assert answer["meta"]["field"] == field
        assert answer["meta"]["detail"]
        async with app.state.db.sessionmaker() as s:
            assert (await s.execute(select(User))).first() is None

    async def test_privacy_must_be_accepted(self, api: Api) -> None:
        sms = await api.send_code("13800000001")
        body = {
            "user_name": "alice",
            "account": "13800000001",
            "sms_code": sms,
            "password": PASSWORD,
            "password2": PASSWORD,
            "agree": False,
        }
        answer = await api.post("/user/register", body)
        assert code(answer) == 110319 and answer["meta"]["field"] == "agree"

    async def test_wrong_code_changes_nothing(self, api: Api, app: FastAPI) -> None:
        sms = await api.send_code("13800000001")
        wrong = "000000" if sms != "000000" else "111111"
        body = {
            "user_name": "alice",
            "account": "13800000001",
            "sms_code": wrong,
            "password": PASSWORD,
            "password2": PASSWORD,
            "agree": True,
        }
        answer = await api.post("/user/register", body)
        assert code(answer) == 110310 and answer["meta"]["field"] == "sms_code"
        async with app.state.db.sessionmaker() as s:
            assert (await s.execute(select(User))).first() is None
            assert (await s.execute(select(Tenant))).first() is None

    async def test_code_dies_after_five_wrong_tries(self, api: Api) -> None:
        sms = await api.send_code("13800000001")
        wrong = "000000" if sms != "000000" else "111111"
        body = {
            "user_name": "alice",
            "account": "13800000001",
            "sms_code": wrong,
            "password": PASSWORD,
            "password2": PASSWORD,
            "agree": True,
        }
        for _ in range(5):
            assert code(await api.post("/user/register", body)) == 110310
        assert code(await api.post("/user/register", {**body, "sms_code": sms})) == 110311

    async def test_duplicate_user_name(self, api: Api, new_api: Any) -> None:
        await api.register("alice", "13800000001")
        other = new_api()
        sms = await other.send_code("13800000002")
        body = {
            "user_name": "alice",
            "account": "13800000002",
            "sms_code": sms,
            "password": PASSWORD,
            "password2": PASSWORD,
            "agree": True,
        }
        answer = await other.post("/user/register", body)
        assert code(answer) == 110307 and answer["meta"]["field"] == "user_name"

    async def test_duplicate_phone_told_only_to_the_code_holder(self, api: Api, app: FastAPI, new_api: Any) -> None:
        """The code request reads the same for a taken account; registering it is refused once the code (sent to
        the account's owner) is proven."""
        await api.register("alice", "13800000001")
        app.state.settings.verify_code_resend_seconds = 0
        other = new_api()
        key, answer = await other.captcha()
        body = await other.post("/register/sms/num", {"account": "13800000001", "code": answer, "code_key": key})
        assert body["meta"]["success"] == 1
        sms = other.code_log.codes[("13800000001", "register")]
        wrong = "000000" if sms != "000000" else "111111"
        form = {"user_name": "mallory", "account": "13800000001", "password": PASSWORD, "password2": PASSWORD}
        assert code(await other.post("/user/register", {**form, "sms_code": wrong, "agree": True})) == 110310
        answer = await other.post("/user/register", {**form, "sms_code": sms, "agree": True})
        assert code(answer) == 110308 and answer["meta"]["field"] == "account"

    async def test_duplicate_email_reads_the_same(self, api: Api, app: FastAPI, new_api: Any) -> None:
        await api.register("alice", "alice@example.com")
        app.state.settings.verify_code_resend_seconds = 0
        other = new_api()
        key, answer = await other.captcha()
        body = await other.post("/register/sms/num", {"account": "ALICE@example.com", "code": answer, "code_key": key})
        assert body["meta"]["success"] == 1

    async def test_code_needs_captcha(self, api: Api) -> None:
        body = await api.post("/register/sms/num", {"account": "13800000001", "code": "", "code_key": ""})
        assert code(body) == 110002

    async def test_code_resend_waits(self, api: Api) -> None:
        await api.send_code("13800000001")
        key, answer = await api.captcha()
        body = await api.post("/register/sms/num", {"account": "13800000001", "code": answer, "code_key": key})
        assert code(body) == 100018
        assert "6" in body["meta"]["detail"] or "5" in body["meta"]["detail"]

    async def test_english_texts(self, api: Api) -> None:
        api.lang = "en"
        body = await api.post("/register/sms/num", {"account": "12", "code": "", "code_key": ""})
        assert code(body) == 110318
        assert body["meta"]["detail"].isascii()


class TestLogin:
    async def test_empty_name(self, api: Api) -> None:
        body = await api.post("/yun/v2/user/login", {"username": " ", "password": "x", "code": "", "code_key": ""})
        assert code(body) == 110001 and body["meta"]["field"] == "username"

    async def test_empty_password(self, api: Api) -> None:
        body = await api.post("/yun/v2/user/login", {"username": "a", "password": "", "code": "", "code_key": ""})
        assert code(body) == 110001 and body["meta"]["field"] == "password"

    async def test_wrong_password(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        api.forget()
        assert code(await api.login("alice", "wrong1234")) == 110003

    async def test_unknown_user_reads_the_same(self, api: Api) -> None:
        assert code(await api.login("nobody", "wrong1234")) == 110003

    async def test_by_name_phone_and_payload(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        api.forget()
        first = await api.login("13800000001", PASSWORD)
        assert first["meta"]["success"] == 1
        data = first["data"]
        assert data["old_user"] is True
        assert {
            "user_id",
            "user_name",
            "x_Token",
            "pub_key",
            "pri_key",
            "tenant_id",
            "grantedPermissions",
            "menuPermissions",
            "defaultPage",
        } <= set(data)

    async def test_locks_after_repeated_failures_then_grows(self, api: Api, app: FastAPI) -> None:
        user_id = (await api.register("alice", "13800000001"))["user_id"]
        api.forget()
        for _ in range(5):
            assert code(await api.login("alice", "wrong1234")) == 110003
        locked = await api.login("alice", PASSWORD)
        assert code(locked) == 100016
        assert locked["meta"]["detail"]
        from iotyun.auth.models import LoginThrottle

        async with app.state.db.sessionmaker() as s:
            row = await s.get(LoginThrottle, f"user:{user_id}")
            assert row is not None and row.lock_count == 1
            first_lock = row.locked_until
            row.locked_until = utcnow()
            await s.commit()
        for _ in range(5):
            await api.login("alice", "wrong1234")
        async with app.state.db.sessionmaker() as s:
            row = await s.get(LoginThrottle, f"user:{user_id}")
            assert row is not None and row.lock_count == 2 and first_lock is not None
            assert row.locked_until is not None
            assert (row.locked_until - utcnow()).total_seconds() > 100  # 60 s, then 120 s

    async def test_lock_holds_for_every_login_name_of_the_account(self, api: Api) -> None:
        await api.register("alice", "alice@example.com")
        api.forget()
        # Failures through any of its names count for the one account.
        for name in ("alice", "ALICE@example.com", "alice", "alice@example.com", "alice"):
            assert code(await api.login(name, "wrong1234")) == 110003
        for name in ("alice", "alice@example.com", "ALICE@EXAMPLE.COM"):
            assert code(await api.login(name, PASSWORD)) == 100016, name

    async def test_unknown_names_lock_alike(self, api: Api) -> None:
        for _ in range(5):
            assert code(await api.login("nobody", "wrong1234")) == 110003
        assert code(await api.login("nobody", "wrong1234")) == 100016
        assert code(await api.login("NOBODY", "wrong1234")) == 100016

    async def test_an_over_long_name_is_counted_too(self, api: Api) -> None:
        for _ in range(5):
            assert code(await api.login("n" * 1000, "wrong1234")) == 110003
        assert code(await api.login("n" * 1000, "wrong1234")) == 100016

    async def test_success_resets_failures(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        api.forget()
        for _ in range(4):
            await api.login("alice", "wrong1234")
        assert (await api.login("alice", PASSWORD))["meta"]["success"] == 1
        api.forget()
        for _ in range(4):
            assert code(await api.login("alice", "wrong1234")) == 110003
        assert (await api.login("alice", PASSWORD))["meta"]["success"] == 1

    async def test_locked_account(self, api: Api, app: FastAPI) -> None:
        await api.register("alice", "13800000001")
        api.forget()
        await set_user(app, "alice", is_active=False)
        assert code(await api.login("alice", PASSWORD)) == 100017


class TestTokens:
    async def test_logout_revokes(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        assert (await api.post("/yun/user/logout"))["meta"]["success"] == 1
        assert code(await api.get("/yun/user/config")) == 100009

    async def test_stored_hashed(self, api: Api, app: FastAPI) -> None:
        data = await api.register("alice", "13800000001")
        async with app.state.db.sessionmaker() as s:
            hashes = (await s.execute(select(UserToken.token_hash))).scalars().all()
        assert data["x_Token"] not in hashes and len(hashes) == 1

    async def test_expired_token_refused(self, api: Api, app: FastAPI) -> None:
        await api.register("alice", "13800000001")
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(UserToken).values(expires_at=utcnow()))
            await s.commit()
        assert code(await api.get("/yun/user/config")) == 100009

    async def test_heart_extends(self, api: Api) -> None:
        data = await api.register("alice", "13800000001")
        beat = await api.get("/yun/user/heart")
        assert beat["data"]["expires_at"] >= data["expires_at"]

    async def test_x_user_must_match(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        assert code(await api.get("/yun/user/config", headers={"X-User": "999999"})) == 100009

    async def test_x_tenant_must_match(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        assert code(await api.get("/yun/user/config", headers={"X-Tenant": "999999"})) == 100009

    async def test_garbage_token(self, api: Api) -> None:
        api.token, api.user_id, api.tenant_id = "garbage", 1, 1
        assert code(await api.get("/yun/user/config")) == 100009


class TestChangePassword:
    async def test_changes_and_signs_out_other_sessions(self, api: Api, new_api: Any) -> None:
        await api.register("alice", "13800000001")
        other = new_api()
        await other.login("alice", PASSWORD)
        body = {"old_password": PASSWORD, "password": "newpass99", "password2": "newpass99"}
        assert (await api.put("/yun/user/edit/pwd", body))["meta"]["success"] == 1
        assert (await api.get("/yun/user/config"))["meta"]["success"] == 1
        assert code(await other.get("/yun/user/config")) == 100009
        api.forget()
        assert (await api.login("alice", "newpass99"))["meta"]["success"] == 1

    async def test_wrong_old_password(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        body = {"old_password": "nothing1", "password": "newpass99", "password2": "newpass99"}
        answer = await api.put("/yun/user/edit/pwd", body)
        assert code(answer) == 110313 and answer["meta"]["field"] == "old_password"

    async def test_same_as_old(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        body = {"old_password": PASSWORD, "password": PASSWORD, "password2": PASSWORD}
        assert code(await api.put("/yun/user/edit/pwd", body)) == 110314

    async def test_forced_change_blocks_until_done(self, api: Api, app: FastAPI) -> None:
        await api.register("alice", "13800000001")
        await set_user(app, "alice", must_change_password=True)
        api.forget()
        data = (await api.login("alice", PASSWORD))["data"]
        assert data["must_change_password"] is True
        assert code(await api.get("/yun/customPage")) == 100013
        assert (await api.get("/yun/user/config"))["meta"]["success"] == 1
        body = {"old_password": PASSWORD, "password": "newpass99", "password2": "newpass99"}
        assert (await api.put("/yun/user/edit/pwd", body))["meta"]["success"] == 1
        assert (await api.get("/yun/customPage"))["meta"]["success"] == 1


class TestFindPassword:
    async def test_unknown_account_reads_the_same_and_gets_no_code(self, api: Api, new_api: Any) -> None:
        await new_api().register("alice", "13800000001")
        answers = []
        for account in ("13800000009", "13800000001"):
            key, answer = await api.captcha()
            body = await api.post("/user/sms/num", {"account": account, "code": answer, "code_key": key})
            answers.append((code(body), body["data"]))
            # And the second request within the resend interval is refused alike.
            key, answer = await api.captcha()
            again = await api.post("/user/sms/num", {"account": account, "code": answer, "code_key": key})
            answers.append((code(again), again["meta"]["field"]))
        assert answers[0] == answers[2] and answers[1] == answers[3] == (100018, "account")
        assert ("13800000009", "reset") not in api.code_log.codes
        assert ("13800000001", "reset") in api.code_log.codes
        # Resetting an unknown account reads as a wrong code.
        form = {"account": "13800000009", "sms_code": "123456", "password": "fresh123", "password2": "fresh123"}
        assert code(await api.post("/user/pwd/reset", form)) == 110310

    async def test_resets_and_revokes_sessions(self, api: Api, new_api: Any) -> None:
        await api.register("alice", "13800000001")
        helper = new_api()
        sms = await helper.send_code("13800000001", scene="reset")
        body = {"account": "13800000001", "sms_code": sms, "password": "fresh123", "password2": "fresh123"}
        assert (await helper.post("/user/pwd/reset", body))["meta"]["success"] == 1
        assert code(await api.get("/yun/user/config")) == 100009
        assert (await helper.login("alice", "fresh123"))["meta"]["success"] == 1

    async def test_wrong_code(self, api: Api) -> None:
        await api.register("alice", "13800000001")
        helper_sms = await Api(api.client, api.code_log).send_code("13800000001", scene="reset")
        wrong = "000000" if helper_sms != "000000" else "111111"
        body = {"account": "13800000001", "sms_code": wrong, "password": "fresh123", "password2": "fresh123"}
        assert code(await Api(api.client, api.code_log).post("/user/pwd/reset", body)) == 110310

    async def test_register_code_does_not_reset(self, api: Api, new_api: Any) -> None:
        await api.register("alice", "13800000001")
        other = new_api()
        # A code of the other scene (register) is never accepted for a reset.
        body = {
            "account": "13800000001",
            "sms_code": "123456",
            "password": "fresh123",
            "password2": "fresh123",
        }
        assert code(await other.post("/user/pwd/reset", body)) == 110310


class TestCaptchaOff:
    async def test_login_without_captcha(self, database_url: str, tmp_path: Any, code_log: Any) -> None:
        import httpx

        from iotyun.app import create_app
        from tests.conftest import _wipe, make_settings

        app = create_app(make_settings(database_url, tmp_path, captcha="off"))
        transport = httpx.ASGITransport(app=app)
        try:
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
                api = Api(client, code_log)
                assert (await api.get("/yun/login/check/code"))["data"]["enabled"] is False
                async with app.state.db.sessionmaker() as s:
                    from iotyun.demo import seed

                    await seed.seed_demo(s, app.state.settings)
                    await s.commit()
                body = await api.post("/yun/v2/user/login", {"username": "admin", "password": "iotyun123"})
                assert body["meta"]["success"] == 1
        finally:
            await _wipe(app)
            await app.state.db.dispose()


class TestCodeAndCaptchaLimits:
    async def test_codes_per_account_within_the_window(self, api: Api, app: FastAPI) -> None:
        """At most CODES_PER_ACCOUNT codes an hour reach one account, whoever asks and whether or not it exists."""
        from iotyun.core.limits import CODES_PER_ACCOUNT

        app.state.settings.verify_code_resend_seconds = 0
        for account in ("13800000007", "13800000008"):
            for i in range(CODES_PER_ACCOUNT):
                key, answer = await api.captcha()
                body = await api.post("/user/sms/num", {"account": account, "code": answer, "code_key": key})
                assert body["meta"]["success"] == 1, (account, i, body)
            key, answer = await api.captcha()
            body = await api.post("/register/sms/num", {"account": account, "code": answer, "code_key": key})
            assert code(body) == 100018 and body["meta"]["field"] == "account"

    async def test_codes_per_address(self, api: Api, app: FastAPI) -> None:
        from iotyun.core.ratelimit import Window

        app.state.limiters.code_by_address = Window(2, 3600)
        for n in range(3):
            key, answer = await api.captcha()
            body = await api.post("/register/sms/num", {"account": f"1380000000{n}", "code": answer, "code_key": key})
            assert (body["meta"]["success"] == 1) == (n < 2), body
        assert code(body) == 100018

    async def test_captchas_per_address(self, api: Api, app: FastAPI) -> None:
        from iotyun.core.ratelimit import Window

        app.state.limiters.captcha_by_address = Window(3, 60)
        for _ in range(3):
            assert (await api.get(CAPTCHA))["meta"]["success"] == 1
        assert code(await api.get(CAPTCHA)) == 100008


class TestDemoAccounts:
    async def test_demo_users_find_their_password_by_email(self, api: Api, app: FastAPI) -> None:
        """The demo's emails are ones find-password accepts (a special-use domain such as .local is refused)."""
        from iotyun.demo import seed

        async with app.state.db.sessionmaker() as s:
            await seed.seed_demo(s, app.state.settings)
            await s.commit()
        email = "operator@demo.example.com"
        sms = await api.send_code(email, scene="reset")
        body = {"account": email, "sms_code": sms, "password": "fresh123", "password2": "fresh123"}
        assert (await api.post("/user/pwd/reset", body))["meta"]["success"] == 1
        assert (await api.login("operator", "fresh123"))["meta"]["success"] == 1
