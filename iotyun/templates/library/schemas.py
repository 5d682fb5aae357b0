"""Request and response models of template sharing, hand-over, the library and tile groups."""

from typing import Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import TileGroupName
from iotyun.templates.schemas import TemplateOut

# Batch sizes of one request (a form's multi-select), not SPEC limits.
SHARE_TEMPLATES_MAX = 100
SHARE_ACCOUNTS_MAX = 100
MOVE_TEMPLATES_MAX = 500

LibraryRelation = Literal["shared", "received"]


class ShareIn(BaseModel):
    template_ids: list[int] = Field(min_length=1, max_length=SHARE_TEMPLATES_MAX)
    accounts: list[str] = Field(min_length=1, max_length=SHARE_ACCOUNTS_MAX)
    # Checked by the service (115014: more than TEMPLATE_PERMISSION_ITEMS_MAX or an unknown item).
    permissions: list[str] = Field(default_factory=list)


class ShareItemOut(BaseModel):
    user_id: int
    user_name: str
    tenant_name: str
    permissions: list[str]
    created_at: int


class SharesOut(BaseModel):
    items: list[ShareItemOut]
    # How many more receivers the template may have under the owner's template_share quota (null: unlimited).
    remaining: int | None


class TransferIn(BaseModel):
    template_id: int
    account: str


class LibraryItemOut(TemplateOut):
    """A template of the library: one the caller shared out (receiver_count receivers, shared_at the latest share)
    or one shared with the caller (owner_name, permissions; shared_at when it was shared)."""

    receiver_count: int
    shared_at: int


class TileGroupIn(BaseModel):
    name: TileGroupName


class TileGroupUpdateIn(BaseModel):
    id: int
    name: TileGroupName


class TileGroupOut(BaseModel):
    id: int
    name: str
    # The caller's templates in the group.
    count: int
    sort: int


class TileGroupMoveIn(BaseModel):
    template_ids: list[int] = Field(min_length=1, max_length=MOVE_TEMPLATES_MAX)
    group_id: int | None
