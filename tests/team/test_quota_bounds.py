"""Every user is bounded (SPEC §3 quotas; docs/decisions.md "Bounded by default"): a user has the platform's
values until their administrator sets less; the operator's values (IOTYUN_QUOTA_<NAME>) are the ceiling an
administrator cannot lift, and they hold at once for every user, also one whose value was set above them before."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from iotyun.app import create_app
from iotyun.core.config import Settings
from iotyun.core.limits import QUOTA_DEFAULTS, QUOTA_FIELDS
from iotyun.team import quotas as team_quotas
from iotyun.team.models import UserQuota
from tests.conftest import _wipe, code, make_settings
from tests.team.factories import Team
from tests.templates.factories import ok

# The operator's values on this test's platform.
PLATFORM = QUOTA_DEFAULTS | {"gallery_mb": 3, "screens": 6, "exports_kept": 2}


@pytest.fixture
async def app(database_url: str, tmp_path: Path) -> AsyncIterator[FastAPI]:
    overrides = {f"quota_{name}": value for name, value in PLATFORM.items()}
    application = create_app(make_settings(database_url, tmp_path, **overrides))
    yield application
    await _wipe(application)
    await application.state.db.dispose()


def test_every_quota_has_a_finite_default() -> None:
    assert set(QUOTA_DEFAULTS) == set(QUOTA_FIELDS)
    assert all(isinstance(v, int) and v > 0 for v in QUOTA_DEFAULTS.values())


def test_the_operator_sets_each_through_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IOTYUN_QUOTA_GALLERY_MB", "7")
    monkeypatch.setenv("IOTYUN_QUOTA_SCREEN_VERSIONS_MB", "9")
    ceilings = Settings().quota_ceilings
    assert ceilings == QUOTA_DEFAULTS | {"gallery_mb": 7, "screen_versions_mb": 9}


async def test_a_new_user_has_the_platforms_values(team: Team) -> None:
    bob = await team.user("bob")
    data = ok(await team.admin.get(f"/yun/userInfo/{bob['id']}/quota"))
    assert data["platform"] == PLATFORM and data["effective"] == PLATFORM
    assert all(data[name] is None for name in QUOTA_FIELDS)
    assert ok(await team.admin.get("/yun/resourcesInfo/usage"))["quota_bytes"] == 3 * 1024 * 1024


async def test_an_administrator_sets_less_never_more(team: Team) -> None:
    bob = await team.user("bob")
    path = f"/yun/userInfo/{bob['id']}/quota"
    refused = await team.admin.put(path, {"gallery_mb": 4})
    assert code(refused) == 100019 and refused["meta"]["field"] == "gallery_mb" and "3" in refused["meta"]["detail"]
    assert code(await team.admin.put(path, {"screens": 7})) == 100019
    # Also for themselves: the tenant's administrator cannot lift their own bounds.
    assert code(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"exports_kept": 3})) == 100019
    data = ok(await team.admin.put(path, {"gallery_mb": 2, "screens": 6}))
    assert (data["gallery_mb"], data["effective"]["gallery_mb"], data["effective"]["screens"]) == (2, 2, 6)
    # null gives the platform's value back.
    data = ok(await team.admin.put(path, {"gallery_mb": None}))
    assert (data["gallery_mb"], data["effective"]["gallery_mb"]) == (None, 3)


async def test_a_value_stored_above_the_platforms_is_held_to_it(app: FastAPI, team: Team) -> None:
    """The operator lowered a value after an administrator set more: the lower one holds."""
    bob = await team.user("bob")
    async with app.state.db.sessionmaker() as s:
        s.add(UserQuota(tenant_id=team.admin.tenant_id, user_id=bob["id"], gallery_mb=50, exports_kept=1))
        await s.commit()
        assert await team_quotas.quota_limit(s, bob["id"], "gallery_mb") == 3
        assert await team_quotas.quota_limit(s, bob["id"], "exports_kept") == 1
    data = ok(await team.admin.get(f"/yun/userInfo/{bob['id']}/quota"))
    assert (data["gallery_mb"], data["effective"]["gallery_mb"]) == (50, 3)


async def test_background_work_holds_users_to_the_platforms_values(app: FastAPI, team: Team) -> None:
    """Retention (history and alarm storage) runs in a system session: the operator's values reach it too."""
    from iotyun.core.tenancy import system_session

    bob = await team.user("bob")
    async with system_session(app.state.db.sessionmaker) as s:
        assert team_quotas.platform_quotas(s) == PLATFORM
        assert await team_quotas.quota_limit(s, bob["id"], "gallery_mb") == 3
