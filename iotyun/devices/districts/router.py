"""HTTP routes of device districts: the address picker's province → city → area lists (docs/api-devices.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.auth.dependencies import LoggedIn
from iotyun.core.envelope import Envelope, ok
from iotyun.devices.districts import service
from iotyun.devices.districts.schemas import DistrictItem, DistrictPath

router = APIRouter(tags=["devices"])


@router.get("/districtInfo")
async def district_info(
    _: LoggedIn,
    parent_code: Annotated[str, Query(max_length=12)] = "",
    code: Annotated[str | None, Query(max_length=12)] = None,
) -> Envelope[list[DistrictItem] | DistrictPath]:
    if code is not None:
        return ok(service.lookup(code))
    return ok(service.children(parent_code))
