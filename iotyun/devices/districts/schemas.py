"""Response models of /districtInfo."""

from pydantic import BaseModel


class DistrictItem(BaseModel):
    code: str
    name: str
    # No children below it: the picker stops here.
    leaf: bool


class DistrictRef(BaseModel):
    code: str
    name: str


class DistrictPath(BaseModel):
    code: str
    name: str
    path: list[DistrictRef]
