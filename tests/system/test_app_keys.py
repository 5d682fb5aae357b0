"""App keys of the open API (issue 36 points 4 and 7; docs/api-system.md "Open API"): made with a secret shown once
and kept only hashed; calls signed with them answered by the console's routes with the console's envelope; every
refusal with its code: a bad signature, a revoked or expired key at once, an address outside the allow list, a stale
timestamp, a replayed nonce, an operation outside the key's scopes or its owner's rights, the rate and the quota."""

from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.auth.models import User
from iotyun.core import security
from iotyun.core.db import epoch_ms, utcnow
from iotyun.devices.models import DeviceLog
from iotyun.system.appkeys.models import AppKey
from tests.conftest import code
from tests.devices.factories import ok, register
from tests.system.appkeys import KeyClient, make_key
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team

__all__ = ["other_tenant", "team"]

K = "/yun/appkeys"
ALL = ("devices:read", "history:read", "values:write", "devices:manage")


async def stored(app: FastAPI, key_id: str) -> AppKey:
    async with app.state.db.sessionmaker() as s:
        row: AppKey = (await s.execute(select(AppKey).where(AppKey.key_id == key_id))).scalar_one()
        return row


class TestManage:
    async def test_secret_shown_once_and_stored_hashed(self, app: FastAPI, team: Team) -> None:
        data, _ = await make_key(team.admin, scopes=ALL, allowed_ips=["10.0.0.0/8", " 192.168.1.7 "])
        assert data["key_id"].startswith("ak_") and data["secret"].startswith("aks_")
        assert data["state"] == "active" and data["scopes"] == list(ALL) and data["owner_name"] == "alice"
        assert data["allowed_ips"] == ["10.0.0.0/8", "192.168.1.7"]
        assert data["rate_per_minute"] == 60 and data["daily_quota"] == 10000
        listed = ok(await team.admin.get(K))
        assert [k["key_id"] for k in listed] == [data["key_id"]] and "secret" not in listed[0]
        row = await stored(app, data["key_id"])
        assert data["secret"] not in str([getattr(row, c.name) for c in AppKey.__table__.columns])
        assert row.signing_key == security.digest(data["secret"])

    async def test_refusals(self, team: Team) -> None:
        assert code(await team.admin.post(K, {"name": " ", "scopes": ["devices:read"]})) == 117850
        assert code(await team.admin.post(K, {"name": "x" * 33, "scopes": ["devices:read"]})) == 117850
        # A NUL is refused by every body's check (100004), other control characters by the name's rule.
        assert code(await team.admin.post(K, {"name": "a\x00b", "scopes": ["devices:read"]})) == 100004
        assert code(await team.admin.post(K, {"name": "line\nbreak", "scopes": ["devices:read"]})) == 117850
        assert code(await team.admin.post(K, {"name": "a", "scopes": []})) == 117852
        assert code(await team.admin.post(K, {"name": "a", "scopes": ["devices:own"]})) == 100004
        past = (epoch_ms(utcnow()) or 0) - 1000
        assert code(await team.admin.post(K, {"name": "a", "scopes": ["devices:read"], "expires_at": past})) == 117854
        bad_ip = {"name": "a", "scopes": ["devices:read"], "allowed_ips": ["10.0.0.300"]}
        assert code(await team.admin.post(K, bad_ip)) == 117853
        assert code(await team.admin.post(K, {"name": "a", "scopes": ["devices:read"], "rate_per_minute": 0})) == 100004
        assert ok(await team.admin.get(K)) == []

    async def test_owner_and_administrator_rights(self, team: Team) -> None:
        await team.role("keys", ["P80000", "P10000", "P30000"])
        await team.user("bob", "keys", phone="13700000021")
        await team.user("carl", "keys", phone="13700000022")
        bob, carl = await team.login("bob"), await team.login("carl")
        bobs, _ = await make_key(bob, name="bobs")
        assert [k["key_id"] for k in ok(await carl.get(K))] == []
        assert code(await carl.post(f"{K}/{bobs['id']}/revoke")) == 117849
        admins, _ = await make_key(team.admin, name="admins")
        # The administrator sees every key of the tenant and may revoke any.
        assert {k["name"] for k in ok(await team.admin.get(K))} == {"bobs", "admins"}
        assert code(await bob.post(f"{K}/{admins['id']}/revoke")) == 117849
        assert ok(await team.admin.post(f"{K}/{bobs['id']}/revoke"))["state"] == "revoked"
        plain = await team.without()
        assert code(await plain.get(K)) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Any) -> None:
        data, _ = await make_key(team.admin)
        assert ok(await other_tenant.get(K)) == []
        assert code(await other_tenant.post(f"{K}/{data['id']}/revoke")) == 117849


class TestCalls:
    async def test_the_same_routes_answer_with_the_same_envelope(self, app: FastAPI, team: Team) -> None:
        device = await register(team.admin, "IOTK1")
        _, key = await make_key(team.admin, scopes=ALL)
        listed = await key.call("GET", "/dev", {"page": 1, "page_size": 10})
        assert listed["meta"]["success"] == 1 and [d["sn_code"] for d in listed["data"]["items"]] == ["IOTK1"]
        console = await team.admin.get("/dev", params={"page": 1, "page_size": 10})
        assert listed["data"] == console["data"]
        detail = await key.call("GET", f"/dev/basic/{device['id']}")
        assert detail["data"]["sn_code"] == "IOTK1"
        assert (await key.call("GET", "/dev/basic/999999"))["meta"]["message"] == "110506"
        row = await stored(app, key.key_id)
        assert row.last_used_at is not None and row.last_used_ip and row.used_day_count == 3

    async def test_writes_are_logged_as_the_keys(self, app: FastAPI, team: Team) -> None:
        _, key = await make_key(team.admin, name="mes", scopes=("devices:manage",))
        made = await key.call("POST", "/dev/register", json_body={"sn_code": "IOTK2", "secret": "secret123"})
        assert made["meta"]["success"] == 1, made
        changed = await key.call("PUT", "/dev/update", json_body={"id": made["data"]["id"], "alias": "pump"})
        assert changed["meta"]["success"] == 1, changed
        async with app.state.db.sessionmaker() as s:
            rows = (await s.execute(select(DeviceLog).order_by(DeviceLog.id))).scalars().all()
        assert rows and all(r.user_name == "alice" for r in rows)
        assert all((r.detail or {}).get("app_key") == key.key_id for r in rows), [r.detail for r in rows]
        assert all((r.detail or {}).get("app_key_name") == "mes" for r in rows)

    async def test_bad_signatures(self, team: Team) -> None:
        _, key = await make_key(team.admin)
        wrong = KeyClient(key.client, key.key_id, key.secret + "x")
        assert (await wrong.call("GET", "/dev"))["meta"]["message"] == "117840"
        unknown = KeyClient(key.client, "ak_" + "0" * 24, key.secret)
        assert (await unknown.call("GET", "/dev"))["meta"]["message"] == "117840"
        # The signature covers the query: a changed one is refused.
        headers = key.signed("GET", "/dev", "page=1", b"")
        resp = await key.client.get("/api/dev?page=2", headers=headers)
        assert resp.json()["meta"]["message"] == "117840"
        resp = await key.client.get("/api/dev", headers={"X-App-Key": key.key_id})
        assert resp.json()["meta"]["message"] == "117840"

    async def test_timestamp_and_nonce(self, team: Team) -> None:
        _, key = await make_key(team.admin)
        key.skew_ms = -301_000
        answer = await key.call("GET", "/dev")
        assert answer["meta"]["message"] == "117844"
        key.skew_ms, key.nonce = 0, "n" * 20
        assert (await key.call("GET", "/dev"))["meta"]["success"] == 1
        assert (await key.call("GET", "/dev"))["meta"]["message"] == "117845"

    async def test_revoked_and_expired_at_once(self, app: FastAPI, team: Team) -> None:
        data, key = await make_key(team.admin)
        assert (await key.call("GET", "/dev"))["meta"]["success"] == 1
        ok(await team.admin.post(f"{K}/{data['id']}/revoke"))
        assert (await key.call("GET", "/dev"))["meta"]["message"] == "117841"
        data, key = await make_key(team.admin, name="soon")
        async with app.state.db.sessionmaker() as s:
            await s.execute(
                update(AppKey).where(AppKey.id == data["id"]).values(expires_at=utcnow() - timedelta(seconds=1))
            )
            await s.commit()
        assert (await key.call("GET", "/dev"))["meta"]["message"] == "117842"
        assert [k["state"] for k in ok(await team.admin.get(K))] == ["expired", "revoked"]

    async def test_ip_allow_list(self, team: Team) -> None:
        _, key = await make_key(team.admin, allowed_ips=["10.1.0.0/16"])
        assert (await key.call("GET", "/dev"))["meta"]["message"] == "117843"
        _, key = await make_key(team.admin, name="local", allowed_ips=["127.0.0.1", "10.1.0.0/16"])
        assert (await key.call("GET", "/dev"))["meta"]["success"] == 1

    async def test_scopes(self, team: Team) -> None:
        _, key = await make_key(team.admin, scopes=("devices:read",))
        # Outside the key's scopes, or no key's operation at all (the administrator's own rights do not count).
        made = await key.call("POST", "/dev/register", json_body={"sn_code": "IOTK3", "secret": "secret123"})
        assert made["meta"]["message"] == "117846"
        assert (await key.call("GET", "/yun/user/role"))["meta"]["message"] == "117846"
        assert (await key.call("GET", K))["meta"]["message"] == "117846"
        assert (await key.call("POST", K, json_body={"name": "x", "scopes": ["devices:read"]}))["meta"][
            "message"
        ] == "117846"
        assert ok(await team.admin.get("/dev"))["items"] == []

    async def test_never_beyond_the_owners_rights(self, app: FastAPI, team: Team) -> None:
        # bob may use the system area and the home page, not the device pages: his manage key registers nothing.
        await team.role("lesser", ["P80000", "P10000"])
        await team.user("bob", "lesser", phone="13700000031")
        bob = await team.login("bob")
        _, key = await make_key(bob, scopes=ALL)
        made = await key.call("POST", "/dev/register", json_body={"sn_code": "IOTK4", "secret": "secret123"})
        assert made["meta"]["message"] == "100015"
        assert ok(await team.admin.get("/dev"))["items"] == []
        # Read at each call: his owner locked, the key answers nothing more.
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(User).where(User.user_name == "bob").values(is_active=False))
            await s.commit()
        assert (await key.call("GET", "/dev"))["meta"]["message"] == "117855"

    async def test_rate_and_quota(self, app: FastAPI, team: Team) -> None:
        _, key = await make_key(team.admin, rate_per_minute=2)
        answers = [(await key.call("GET", "/dev/stateInfo"))["meta"] for _ in range(3)]
        if answers[2]["success"] == 1:  # the minute turned between the calls: once more
            answers = [(await key.call("GET", "/dev/stateInfo"))["meta"] for _ in range(3)]
        assert [a["success"] for a in answers[:1]] == [1]
        assert answers[2]["message"] == "117847"
        _, key = await make_key(team.admin, name="quota", daily_quota=2)
        assert [(await key.call("GET", "/dev/stateInfo"))["meta"]["success"] for _ in range(2)] == [1, 1]
        assert (await key.call("GET", "/dev/stateInfo"))["meta"]["message"] == "117848"
        listed = {k["name"]: k for k in ok(await team.admin.get(K))}
        assert listed["quota"]["used_today"] == 2
