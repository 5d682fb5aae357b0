"""QR sign-in through the console's own page (docs/api.md "QR sign-in"): a browser on the login page makes a ticket,
a user signed in elsewhere scans and confirms it, and the first browser collects the session once, with its own key."""

from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.auth.models import LoginThrottle, QrLoginTicket, UserToken
from iotyun.core import security
from iotyun.core.db import utcnow
from iotyun.core.ratelimit import Window
from iotyun.team.models import UserLog
from tests.auth.test_router import PASSWORD, db_user, set_user
from tests.conftest import Api, code
from tests.team.conftest import team
from tests.team.factories import Team

__all__ = ["team"]

CODE, STATUS, SCAN, CONFIRM = "/user/QR/code", "/user/QR/code/status", "/user/QR/code/scan", "/user/QR/code/confirm"


def same_browser(api: Api, new_api: Any) -> Api:
    """Another client signing with `api`'s key pair (the desktop's tab, without its token)."""
    twin: Api = new_api()
    twin.signer = api.signer
    return twin


async def new_code(desktop: Api) -> str:
    body = await desktop.post(CODE)
    assert body["meta"]["success"] == 1, body
    assert body["data"]["expires_in"] == 120
    key: str = body["data"]["key"]
    return key


async def status(desktop: Api, key: str) -> dict[str, Any]:
    body = await desktop.post(STATUS, {"key": key})
    assert body["meta"]["success"] == 1, body
    data: dict[str, Any] = body["data"]
    return data


async def signed_in_phone(api: Api, name: str = "alice", account: str = "13800000001") -> Api:
    await api.register(name, account)
    return api


class TestFlow:
    async def test_scan_confirm_collect_once(self, api: Api, new_api: Any, app: FastAPI) -> None:
        phone = await signed_in_phone(api)
        desktop = new_api()
        key = await new_code(desktop)
        assert (await status(desktop, key))["status"] == "waiting"

        scanned = await phone.post(SCAN, {"key": key})
        assert scanned["meta"]["success"] == 1, scanned
        assert scanned["data"]["user_name"] == "alice" and scanned["data"]["client_ip"]
        assert (await status(desktop, key))["status"] == "scanned"
        # Scanning again (the page reloaded) is the same user's ticket still.
        assert (await phone.post(SCAN, {"key": key}))["meta"]["success"] == 1

        assert (await phone.post(CONFIRM, {"key": key, "accept": True}))["meta"]["success"] == 1
        done = await status(desktop, key)
        assert done["status"] == "confirmed"
        session = done["session"]
        # The session carries the desktop's own signing key, and no private key travels.
        assert session["pub_key"] == desktop.signer.pub and session["pri_key"] is None
        assert session["user_name"] == "alice" and session["x_Token"]

        # Once: the ticket is gone.
        assert await status(same_browser(desktop, new_api), key) == {
            "status": "expired",
            "expires_at": 0,
            "session": None,
        }
        desktop.adopt(session)
        assert (await desktop.get("/yun/user/config"))["data"]["user_name"] == "alice"

        async with app.state.db.sessionmaker() as s:
            assert (await s.execute(select(QrLoginTicket))).scalars().all() == []
            tokens = (await s.execute(select(UserToken.pub_key))).scalars().all()
            logins = (await s.execute(select(UserLog).where(UserLog.action == "login"))).scalars().all()
        assert desktop.signer.pub in tokens
        assert [entry.detail for entry in logins if entry.detail] == [
            {"method": "qr", "browser_ip": logins[-1].detail["browser_ip"]}
        ]

    async def test_key_stored_hashed(self, new_api: Any, app: FastAPI) -> None:
        desktop = new_api()
        key = await new_code(desktop)
        async with app.state.db.sessionmaker() as s:
            ticket = (await s.execute(select(QrLoginTicket))).scalar_one()
        assert ticket.key_hash == security.digest(key) and key not in (ticket.key_hash, ticket.pub_key)
        assert ticket.pub_key == desktop.signer.pub and len(key) >= 22  # ≥ 128 random bits

    async def test_another_key_pair_gets_nothing(self, api: Api, new_api: Any) -> None:
        phone = await signed_in_phone(api)
        desktop, thief = new_api(), new_api()
        key = await new_code(desktop)
        assert (await status(thief, key))["status"] == "expired"
        await phone.post(SCAN, {"key": key})
        await phone.post(CONFIRM, {"key": key, "accept": True})
        stolen = await status(thief, key)
        assert stolen["status"] == "expired" and stolen["session"] is None
        # The ticket is still the desktop's.
        assert (await status(desktop, key))["session"]["user_name"] == "alice"

    async def test_a_token_holder_polls_nothing_and_makes_no_ticket(self, api: Api, new_api: Any) -> None:
        phone = await signed_in_phone(api)
        key = await new_code(new_api())
        assert (await status(phone, key))["status"] == "expired"
        assert code(await phone.post(CODE)) == 100010

    async def test_cancel(self, api: Api, new_api: Any) -> None:
        phone = await signed_in_phone(api)
        desktop = new_api()
        key = await new_code(desktop)
        await phone.post(SCAN, {"key": key})
        assert (await phone.post(CONFIRM, {"key": key, "accept": False}))["meta"]["success"] == 1
        assert (await status(desktop, key))["status"] == "cancelled"
        assert code(await phone.post(CONFIRM, {"key": key, "accept": True})) == 110334
        assert code(await phone.post(SCAN, {"key": key})) == 110334
        assert (await status(desktop, key))["session"] is None

    async def test_expiry(self, api: Api, new_api: Any, app: FastAPI) -> None:
        phone = await signed_in_phone(api)
        desktop = new_api()
        key = await new_code(desktop)
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(QrLoginTicket).values(expires_at=utcnow()))
            await s.commit()
        assert (await status(desktop, key))["status"] == "expired"
        assert code(await phone.post(SCAN, {"key": key})) == 110334

    async def test_expired_after_confirming_gives_no_session(self, api: Api, new_api: Any, app: FastAPI) -> None:
        phone = await signed_in_phone(api)
        desktop = new_api()
        key = await new_code(desktop)
        await phone.post(SCAN, {"key": key})
        await phone.post(CONFIRM, {"key": key, "accept": True})
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(QrLoginTicket).values(expires_at=utcnow() - timedelta(seconds=1)))
            await s.commit()
        assert await status(desktop, key) == {"status": "expired", "expires_at": 0, "session": None}

    async def test_unknown_key(self, api: Api) -> None:
        phone = await signed_in_phone(api)
        assert code(await phone.post(SCAN, {"key": "nothing-of-the-kind"})) == 110334
        assert code(await phone.post(CONFIRM, {"key": "nothing-of-the-kind", "accept": True})) == 110334

    async def test_someone_else_scanned_it(self, api: Api, new_api: Any) -> None:
        phone = await signed_in_phone(api)
        other = await signed_in_phone(new_api(), "bob", "13800000002")
        key = await new_code(new_api())
        await phone.post(SCAN, {"key": key})
        assert code(await other.post(SCAN, {"key": key})) == 110334
        assert code(await other.post(CONFIRM, {"key": key, "accept": True})) == 110334

    async def test_confirm_needs_a_scan(self, api: Api, new_api: Any) -> None:
        phone = await signed_in_phone(api)
        key = await new_code(new_api())
        assert code(await phone.post(CONFIRM, {"key": key, "accept": True})) == 110334


class TestWhoMayConfirm:
    async def test_locked_by_failed_sign_ins(self, api: Api, new_api: Any, app: FastAPI) -> None:
        phone = await signed_in_phone(api)
        desktop = new_api()
        key = await new_code(desktop)
        await phone.post(SCAN, {"key": key})
        user = await db_user(app, "alice")
        async with app.state.db.sessionmaker() as s:
            s.add(LoginThrottle(key=f"user:{user.id}", locked_until=utcnow() + timedelta(minutes=5)))
            await s.commit()
        assert code(await phone.post(CONFIRM, {"key": key, "accept": True})) == 100016
        assert (await status(desktop, key))["session"] is None

    async def test_disabled_user(self, api: Api, new_api: Any, app: FastAPI) -> None:
        phone = await signed_in_phone(api)
        key = await new_code(new_api())
        await set_user(app, "alice", is_active=False)
        # Locking ends the sessions: the token itself is refused.
        assert code(await phone.post(SCAN, {"key": key})) == 100009

    async def test_disabled_between_confirm_and_collect(self, api: Api, new_api: Any, app: FastAPI) -> None:
        phone = await signed_in_phone(api)
        desktop = new_api()
        key = await new_code(desktop)
        await phone.post(SCAN, {"key": key})
        await phone.post(CONFIRM, {"key": key, "accept": True})
        await set_user(app, "alice", is_active=False)
        assert await status(desktop, key) == {"status": "expired", "expires_at": 0, "session": None}

    async def test_not_through_a_simulated_login(self, team: Team) -> None:
        """An administrator acting as a user may not sign a browser in as that user."""
        bob = await team.user("bob")
        as_bob = team.new_api()
        as_bob.adopt((await team.admin.post("/yun/v2/user/login/simulate", {"user_id": bob["id"]}))["data"])
        desktop = team.new_api()
        key = await new_code(desktop)
        assert code(await as_bob.post(SCAN, {"key": key})) == 100015
        assert (await status(desktop, key))["status"] == "waiting"

    async def test_forced_password_change(self, api: Api, new_api: Any, app: FastAPI) -> None:
        phone = await signed_in_phone(api)
        key = await new_code(new_api())
        await set_user(app, "alice", must_change_password=True)
        assert code(await phone.post(SCAN, {"key": key})) == 100013

    async def test_signed_in_by_qr_user_may_change_password_as_usual(self, api: Api, new_api: Any) -> None:
        phone = await signed_in_phone(api)
        desktop = new_api()
        key = await new_code(desktop)
        await phone.post(SCAN, {"key": key})
        await phone.post(CONFIRM, {"key": key, "accept": True})
        desktop.adopt((await status(desktop, key))["session"])
        body = {"old_password": PASSWORD, "password": "newpass99", "password2": "newpass99"}
        assert (await desktop.put("/user/pwd", body))["meta"]["success"] == 1


class TestThrottle:
    async def test_tickets_per_address(self, new_api: Any, app: FastAPI) -> None:
        app.state.limiters.qr_by_address = Window(2, 60)
        desktop = new_api()
        await new_code(desktop)
        await new_code(desktop)
        assert code(await desktop.post(CODE)) == 100008
        async with app.state.db.sessionmaker() as s:
            assert len((await s.execute(select(QrLoginTicket))).scalars().all()) == 2

    async def test_unsigned(self, api: Api) -> None:
        assert code((await api.client.post("/api" + CODE)).json()) == 100010
