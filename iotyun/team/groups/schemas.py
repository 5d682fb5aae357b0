"""Request and response models of the user-group endpoints."""

from pydantic import BaseModel, Field

from iotyun.core.limits import GroupName


class GroupIn(BaseModel):
    name: GroupName
    parent_id: int | None = None


class GroupUpdateIn(BaseModel):
    """Fields left out stay as they are; `parent_id: null` makes the group a root group."""

    name: GroupName | None = None
    parent_id: int | None = None


class GroupOut(BaseModel):
    id: int
    name: str
    parent_id: int | None
    user_count: int


class GroupNode(GroupOut):
    children: list["GroupNode"]


class MembersIn(BaseModel):
    user_ids: list[int] = Field(min_length=1, max_length=500)
