"""GET /yun/module/view/thumbnails: the main screen of each template the caller reads, web unless only the mobile one
is drawn, with its document; other tenants' and unknown ids left out (docs/api-templates.md)."""

from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.factories import make_template, ok, share_template
from tests.templates.screens.helpers import doc, element, main_screen, save

THUMBS = "/yun/module/view/thumbnails"


async def thumbs(api: Api, *ids: int) -> list[dict[str, object]]:
    data: list[dict[str, object]] = ok(await api.get(THUMBS, params={"template_ids": ",".join(map(str, ids))}))
    return data


class TestThumbnails:
    async def test_main_web_else_drawn_mobile(self, team: Team) -> None:
        drawn = await make_template(team.admin, "画了网页")
        mobile_only = await make_template(team.admin, "只画手机")
        empty = await make_template(team.admin, "空的")
        web = await main_screen(team.admin, drawn["id"])
        ok(await save(team.admin, web["id"], doc(element())))
        mobile = await main_screen(team.admin, mobile_only["id"], "mobile")
        ok(await save(team.admin, mobile["id"], doc(element(), canvas={"width": 750, "height": 1334})))

        found = await thumbs(team.admin, empty["id"], drawn["id"], mobile_only["id"], drawn["id"])
        assert [(t["template_id"], t["kind"]) for t in found] == [
            (empty["id"], "web"),
            (drawn["id"], "web"),
            (mobile_only["id"], "mobile"),
        ]
        by_id = {t["template_id"]: t for t in found}
        assert by_id[drawn["id"]]["screen_id"] == web["id"]
        assert by_id[drawn["id"]]["document"]["elements"][0]["type"] == "value"  # type: ignore[index]
        assert (by_id[mobile_only["id"]]["width"], by_id[mobile_only["id"]]["height"]) == (750, 1334)
        assert by_id[empty["id"]]["document"]["elements"] == []  # type: ignore[index]

    async def test_only_readable_templates(self, team: Team, other_tenant: Api) -> None:
        mine = await make_template(team.admin)
        theirs = await make_template(other_tenant, "别人的")
        assert [t["template_id"] for t in await thumbs(team.admin, mine["id"], theirs["id"], 999999)] == [mine["id"]]
        assert await thumbs(other_tenant, mine["id"]) == []
        ok(await share_template(team.admin, mine["id"], "mallory", ["view"]))
        assert [t["template_id"] for t in await thumbs(other_tenant, mine["id"], theirs["id"])] == [
            mine["id"],
            theirs["id"],
        ]

    async def test_refuses_bad_ids(self, team: Team) -> None:
        assert code(await team.admin.get(THUMBS, params={"template_ids": "1,x"})) == 100004
        too_many = ",".join(str(i) for i in range(1, 52))
        assert code(await team.admin.get(THUMBS, params={"template_ids": too_many})) == 100004
        assert await thumbs(team.admin) == []
