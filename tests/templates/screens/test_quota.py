"""The screens quota (SPEC §3: how many screens the templates a user owns may hold) and the screen versions storage
(each saved version counts toward its template owner's screen_versions_mb), both exact under concurrency on SQLite
and PostgreSQL (docs/decisions.md "Bounded by default")."""

import asyncio
from typing import Any

from tests.conftest import code
from tests.team.factories import Team
from tests.templates.factories import make_template, ok
from tests.templates.screens.helpers import VERSION, VIEW, main_screen, save

QUOTA = "/yun/userInfo/{}/quota"


async def _quota(team: Team, **values: int) -> None:
    ok(await team.admin.put(QUOTA.format(team.admin.user_id), values))


async def _new_screen(team: Team, template_id: int, name: str) -> dict[str, Any]:
    return await team.admin.post(VIEW, {"template_id": template_id, "kind": "web", "name": name})


class TestScreensQuota:
    async def test_counts_every_screen_of_the_owners_templates(self, team: Team) -> None:
        await _quota(team, screens=5)
        template = await make_template(team.admin)  # its main web and mobile screens: 2
        ok(await _new_screen(team, template["id"], "二"))
        ok(await _new_screen(team, template["id"], "三"))
        ok(await _new_screen(team, template["id"], "四"))
        refused = await _new_screen(team, template["id"], "五")
        assert code(refused) == 115023 and "5" in refused["meta"]["detail"]
        # A copy of a screen, a new template (2 screens) and a copy of the template are screens too.
        (first,) = [
            s for s in ok(await team.admin.get(VIEW, params={"template_id": template["id"]})) if s["name"] == "二"
        ]
        assert code(await team.admin.post(f"{VIEW}/copy", {"id": first["id"], "name": "副本"})) == 115023
        assert code(await team.admin.post("/yun/module", {"name": "另一个"})) == 115023
        assert code(await team.admin.post("/yun/module/copy", {"id": template["id"]})) == 115023
        # A deleted screen gives its room back.
        ok(await team.admin.call("DELETE", VIEW, params={"id": first["id"]}))
        ok(await _new_screen(team, template["id"], "五"))

    async def test_parallel_creations_end_at_the_quota(self, team: Team) -> None:
        await _quota(team, screens=5)
        template = await make_template(team.admin)
        answers = await asyncio.gather(*(_new_screen(team, template["id"], f"画面{i}") for i in range(8)))
        assert sorted(code(a) for a in answers) == [100001] * 3 + [115023] * 5
        assert len(ok(await team.admin.get(VIEW, params={"template_id": template["id"]}))) == 5


def _large_document() -> dict[str, Any]:
    """A document of about 420 KB: 400 elements with a 1000-character text each."""
    elements = [
        {
            "id": f"e{i}",
            "type": "text",
            "placement": {"x": 10, "y": 10, "w": 80, "h": 40},
            "settings": {"text": "字" * 300 + "x" * 100},
        }
        for i in range(400)
    ]
    return {"schema_version": 1, "elements": elements}


class TestVersionStorage:
    async def test_each_version_counts_toward_the_owners_storage(self, team: Team) -> None:
        await _quota(team, screen_versions_mb=1)
        template = await make_template(team.admin)
        screen = await main_screen(team.admin, template["id"])
        ok(await save(team.admin, screen["id"], _large_document()))
        first = ok(await team.admin.post(VERSION, {"id": screen["id"], "name": "v1"}))
        ok(await team.admin.post(VERSION, {"id": screen["id"], "name": "v2"}))
        refused = await team.admin.post(VERSION, {"id": screen["id"], "name": "v3"})
        assert code(refused) == 115024 and "1 MB" in refused["meta"]["detail"]
        ok(await team.admin.call("DELETE", VERSION, params={"id": first["id"]}))
        ok(await team.admin.post(VERSION, {"id": screen["id"], "name": "v3"}))

    async def test_parallel_versions_end_within_the_storage(self, team: Team) -> None:
        await _quota(team, screen_versions_mb=1)
        template = await make_template(team.admin)
        screen = await main_screen(team.admin, template["id"])
        ok(await save(team.admin, screen["id"], _large_document()))
        answers = await asyncio.gather(
            *(team.admin.post(VERSION, {"id": screen["id"], "name": f"v{i}"}) for i in range(8))
        )
        assert sorted(code(a) for a in answers) == [100001] * 2 + [115024] * 6
