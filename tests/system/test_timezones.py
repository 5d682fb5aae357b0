"""Time zones (issue 36 point 3, docs/api-system.md "Time zones"): /yun/timezone lists the IANA zones with their
offsets; the tenant has a default (Asia/Shanghai until its administrator chooses another) and each user may choose
their own (110578 for an unknown one); the sign-in payload carries the zone in force; and the server's times follow
it where the console names none (the alarm bell's "today", the report statistic's and the exports' zone)."""

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from iotyun.core.errors import ErrorCode
from tests.conftest import Api, code
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team

__all__ = ["other_tenant", "team"]


def ok(body: dict[str, Any]) -> Any:
    assert body["meta"]["success"] == 1, body
    return body["data"]


def field(body: dict[str, Any]) -> Any:
    return body["meta"].get("field") or (body.get("data") or {}).get("field")


async def zones(api: Api) -> dict[str, Any]:
    return ok(await api.get("/yun/timezone"))  # type: ignore[no-any-return]


async def session_zone(api: Api) -> dict[str, Any]:
    data = ok(await api.get("/yun/user/config"))
    return {k: data[k] for k in ("time_zone", "user_time_zone", "tenant_time_zone")}


class TestList:
    async def test_lists_iana_zones_by_offset_with_the_callers_settings(self, team: Team) -> None:
        listed = await zones(team.admin)
        assert listed["tenant"] == "Asia/Shanghai"
        assert listed["user"] is None
        assert listed["effective"] == "Asia/Shanghai"
        by_id = {z["id"]: z for z in listed["zones"]}
        assert by_id["Asia/Shanghai"] == {"id": "Asia/Shanghai", "offset": 480, "label": "(UTC+08:00) Asia/Shanghai"}
        assert by_id["Asia/Kolkata"]["label"] == "(UTC+05:30) Asia/Kolkata"
        assert by_id["UTC"]["offset"] == 0
        now = datetime.now(UTC)
        for name in ("Europe/London", "America/New_York"):
            expected = ZoneInfo(name).utcoffset(now.replace(tzinfo=None))
            assert expected is not None
            assert by_id[name]["offset"] == int(expected / timedelta(minutes=1))
        offsets = [z["offset"] for z in listed["zones"]]
        assert offsets == sorted(offsets)
        assert "localtime" not in by_id and "Factory" not in by_id
        assert len(by_id) > 300

    async def test_needs_a_session(self, api: Api) -> None:
        assert code(await api.get("/yun/timezone")) == ErrorCode.ILLEGAL_TOKEN


class TestUserZone:
    async def test_a_user_chooses_their_own_and_goes_back_to_the_tenants(self, team: Team) -> None:
        await team.user("bob")
        bob = await team.login("bob")
        assert await session_zone(bob) == {
            "time_zone": "Asia/Shanghai",
            "user_time_zone": None,
            "tenant_time_zone": "Asia/Shanghai",
        }
        saved = ok(await bob.put("/yun/timezone/user", {"time_zone": "Europe/London"}))
        assert saved == {"effective": "Europe/London", "user": "Europe/London", "tenant": "Asia/Shanghai"}
        # The next request of the same session already follows it (the cached principal drops).
        assert (await session_zone(bob))["time_zone"] == "Europe/London"
        assert (await zones(bob))["effective"] == "Europe/London"
        # Another user of the tenant is not moved.
        assert (await zones(team.admin))["effective"] == "Asia/Shanghai"
        # A new sign-in carries it too.
        again = await team.login("bob")
        assert (await session_zone(again))["time_zone"] == "Europe/London"
        back = ok(await bob.put("/yun/timezone/user", {"time_zone": None}))
        assert back == {"effective": "Asia/Shanghai", "user": None, "tenant": "Asia/Shanghai"}

    @pytest.mark.parametrize("bad", ["Mars/Olympus", "asia/shanghai", "UTC+8", "", "localtime", "Asia/" + "x" * 80])
    async def test_an_unknown_zone_is_refused_with_110578(self, team: Team, bad: str) -> None:
        body = await team.admin.put("/yun/timezone/user", {"time_zone": bad})
        assert code(body) == ErrorCode.TIMEZONE_INVALID
        assert field(body) == "time_zone"
        assert (await zones(team.admin))["user"] is None

    async def test_not_a_string_is_a_parameter_error(self, team: Team) -> None:
        assert code(await team.admin.put("/yun/timezone/user", {"time_zone": 8})) == ErrorCode.PARAM_INVALID


class TestTenantZone:
    async def test_the_administrator_sets_the_default_users_without_their_own_follow(
        self, team: Team, other_tenant: Api
    ) -> None:
        await team.user("bob")
        await team.user("carol")
        bob, carol = await team.login("bob"), await team.login("carol")
        ok(await carol.put("/yun/timezone/user", {"time_zone": "Asia/Tokyo"}))
        saved = ok(await team.admin.put("/yun/timezone/tenant", {"time_zone": "America/New_York"}))
        assert saved == {"effective": "America/New_York", "user": None, "tenant": "America/New_York"}
        assert await session_zone(bob) == {
            "time_zone": "America/New_York",
            "user_time_zone": None,
            "tenant_time_zone": "America/New_York",
        }
        assert (await session_zone(carol))["time_zone"] == "Asia/Tokyo"
        # Another tenant keeps its own.
        assert (await zones(other_tenant))["tenant"] == "Asia/Shanghai"

    async def test_only_the_personalization_code_sets_it(self, team: Team) -> None:
        await team.user("bob")
        bob = await team.login("bob")
        assert code(await bob.put("/yun/timezone/tenant", {"time_zone": "Europe/London"})) == ErrorCode.NO_PRIVILEGE
        assert (await zones(bob))["tenant"] == "Asia/Shanghai"

    async def test_an_unknown_zone_is_refused_with_110578(self, team: Team) -> None:
        body = await team.admin.put("/yun/timezone/tenant", {"time_zone": "Europe/Atlantis"})
        assert code(body) == ErrorCode.TIMEZONE_INVALID
        assert field(body) == "time_zone"
        assert code(await team.admin.put("/yun/timezone/tenant", {"time_zone": None})) == ErrorCode.PARAM_INVALID


class TestServerFollowsTheZone:
    async def test_the_alarm_bells_today_starts_at_the_users_midnight(self, team: Team) -> None:
        # No alarms: the count answers in every zone; what matters is that no tz is needed.
        assert ok(await team.admin.get("/rAlarmDev/count")) == {"unconfirmed": 0, "today": 0}
        ok(await team.admin.put("/yun/timezone/user", {"time_zone": "Pacific/Kiritimati"}))
        assert ok(await team.admin.get("/rAlarmDev/count")) == {"unconfirmed": 0, "today": 0}
