"""/districtInfo over HTTP and the district lookups devices use (GB/T 2260 codes, bundled dataset)."""

import pytest

from iotyun.devices.districts import service
from tests.conftest import Api, code
from tests.devices.factories import Site, ok


class TestDistrictInfo:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/districtInfo")) == 100009

    async def test_any_logged_in_user(self, site: Site) -> None:
        bob = await site.team.without()
        provinces = ok(await bob.get("/districtInfo"))
        assert len(provinces) >= 31 and {"code": "110000", "name": "北京市", "leaf": False} in provinces

    async def test_children_of_a_municipality_and_a_province(self, site: Site) -> None:
        assert ok(await site.admin.get("/districtInfo", params={"parent_code": "110000"})) == [
            {"code": "110100", "name": "市辖区", "leaf": False}
        ]
        areas = ok(await site.admin.get("/districtInfo", params={"parent_code": "110100"}))
        assert {"code": "110105", "name": "朝阳区", "leaf": True} in areas
        cities = ok(await site.admin.get("/districtInfo", params={"parent_code": "440000"}))
        assert {"code": "440300", "name": "深圳市", "leaf": False} in cities
        # A prefecture-level city without counties (Dongguan) is a leaf.
        assert {"code": "441900", "name": "东莞市", "leaf": True} in cities

    async def test_path_of_a_code(self, site: Site) -> None:
        data = ok(await site.admin.get("/districtInfo", params={"code": "440305"}))
        assert data == {
            "code": "440305",
            "name": "南山区",
            "path": [
                {"code": "440000", "name": "广东省"},
                {"code": "440300", "name": "深圳市"},
                {"code": "440305", "name": "南山区"},
            ],
        }

    async def test_unknown_codes(self, site: Site) -> None:
        body = await site.admin.get("/districtInfo", params={"code": "999999"})
        assert (code(body), body["meta"]["field"]) == (111001, "code")
        body = await site.admin.get("/districtInfo", params={"parent_code": "110105x"})
        assert (code(body), body["meta"]["field"]) == (111001, "parent_code")
        assert ok(await site.admin.get("/districtInfo", params={"parent_code": "110105"})) == []


class TestLookups:
    def test_exists(self) -> None:
        assert service.exists("110000") and service.exists("110100") and service.exists("110105")
        assert not service.exists("110") and not service.exists("")

    @pytest.mark.parametrize(
        ("codes", "valid"),
        [
            (("", "", ""), True),
            (("110000", "", ""), True),
            (("110000", "110100", ""), True),
            (("110000", "110100", "110105"), True),
            (("500000", "500200", "500229"), True),
            (("110000", "", "110105"), False),
            (("120000", "110100", ""), False),
            (("110100", "", ""), False),
            (("110000", "110100", "440305"), False),
        ],
    )
    def test_valid_path(self, codes: tuple[str, str, str], valid: bool) -> None:
        assert service.valid_path(*codes) is valid

    def test_name_path_leaves_out_placeholders(self) -> None:
        assert service.name_path("110000", "110100", "110105") == "北京市 朝阳区"
        assert service.name_path("440000", "440300", "440305") == "广东省 深圳市 南山区"
        assert service.name_path("440000", "", "") == "广东省"
        assert service.name_path("", "", "") == ""
