"""What a link answers right now, shared by the management list, the anonymous endpoints and the live channel."""

import secrets
from datetime import datetime

from iotyun.core.db import as_utc, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import SHARE_LINK_TOKEN_BYTES
from iotyun.core.permissions import DEVICE_WRITE, Perm
from iotyun.sharing.models import LINK_DISABLED, PERMISSION_CONTROL, ShareLink
from iotyun.sharing.schemas import LinkState

# What a shared screen reads as its creator: a device's screen and values (P10000, as GET /rDev) and its alarms
# (P73000, as the alarm list). Nothing else of the creator's rights passes through a link.
READ_PERMS = (Perm.HOME, Perm.REAL_TIME_FAULT)


def new_token() -> str:
    return secrets.token_urlsafe(SHARE_LINK_TOKEN_BYTES)


def expired(link: ShareLink, now: datetime | None = None) -> bool:
    return link.expire_at is not None and as_utc(link.expire_at) <= (now or utcnow())


def exhausted(link: ShareLink) -> bool:
    return link.access_limit is not None and link.use_count >= link.access_limit


def state(link: ShareLink) -> LinkState:
    if link.use_state == LINK_DISABLED:
        return "disabled"
    if expired(link):
        return "expired"
    if exhausted(link):
        return "exhausted"
    return "active"


def refusal(link: ShareLink | None, *, counting: bool) -> ErrorCode | None:
    """Why the link cannot be used now (None: it can). `counting`: an open, which the access limit bounds; a page
    already opened (its device screen, its writes, its socket) is not refused for the limit it reached."""
    if link is None:
        return ErrorCode.SHARE_LINK_INVALID
    if link.use_state == LINK_DISABLED:
        return ErrorCode.SHARE_LINK_DISABLED
    if expired(link):
        return ErrorCode.SHARE_LINK_EXPIRED
    if counting and exhausted(link):
        return ErrorCode.SHARE_LINK_ACCESS_LIMIT
    return None


def granted(link: ShareLink, creator: Actor, creator_writes: bool) -> tuple[list[str], list[str]]:
    """The P-codes and device permissions the shared page acts with: the creator's, narrowed by the link."""
    permissions = [str(p) for p in READ_PERMS if creator.can(p)]
    device_permissions = [DEVICE_WRITE] if link.permission == PERMISSION_CONTROL and creator_writes else []
    return permissions, device_permissions
