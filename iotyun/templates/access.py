"""Who reads and who changes a template: the one place template visibility and permission items are decided.

- The owner reads and does everything (every permission item).
- A user the template is shared with (any tenant: the share is the owner's choice) reads it and does what the
  share's items allow (`view` always).
- Nobody else sees it: another user, another tenant, and the tenant's administrator too (templates are their
  author's work; an administrator works on one through a share or after a hand-over).
- The caller's role narrows both: an item the role's template permissions lack is refused (100015) whatever the
  relation holds (core.permissions TEMPLATE_ITEMS; "view" is always held, an administrator's role holds every item).
Sub-packages (data sources, binding, library) load templates through `template_for`, never on their own.
"""

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import TEMPLATE_PERMISSION_ITEMS
from iotyun.core.permissions import TEMPLATE_ROLE_PERMISSIONS
from iotyun.templates import repository as repo
from iotyun.templates.models import Template

ALL_ITEMS: tuple[str, ...] = TEMPLATE_PERMISSION_ITEMS


@dataclass(frozen=True, slots=True)
class Held:
    """A template as the caller holds it: as owner (every item) or through a share (its items)."""

    template: Template
    relation: str
    items: frozenset[str]

    @property
    def is_owner(self) -> bool:
        return self.relation == "owner"

    def can(self, item: str) -> bool:
        return item in self.items


async def held(session: AsyncSession, actor: Actor, template_id: int) -> Held | None:
    """The template as the actor holds it, or None when they do not read it (repository.readable_condition)."""
    template = await repo.readable_template(session, actor, template_id)
    if template is None:
        return None
    if template.owner_id == actor.user_id:
        return Held(template, "owner", frozenset(ALL_ITEMS))
    share = await repo.share_of(session, template_id, actor.user_id)
    items = frozenset(share.permissions if share is not None else ()) | {"view"}
    return Held(template, "share", items)


def items_in_force(actor: Actor, found: Held) -> list[str]:
    """What the actor may do on a template they hold: the relation's items their role holds, in catalogue order."""
    return [i for i in TEMPLATE_ROLE_PERMISSIONS if (found.is_owner or found.can(i)) and actor.may_template(i)]


async def template_for(session: AsyncSession, actor: Actor, template_id: int, item: str = "view") -> Held:
    """The template the actor reads and may use `item` on: 115001 when not readable, 115019 when the item is not
    held (the owner holds every item), 100015 when the actor's role does not hold it."""
    found = await held(session, actor, template_id)
    if found is None:
        raise AppError(ErrorCode.TEMPLATE_NOT_FOUND, field="template_id")
    if not found.can(item):
        raise AppError(ErrorCode.TEMPLATE_NO_EDIT_PERMISSION)
    actor.need_template(item)
    return found


async def owned(session: AsyncSession, actor: Actor, template_id: int, item: str | None = None) -> Template:
    """A template the actor owns: 115001 when not readable, 115015 when only shared with them, 100015 when `item`
    (an owner's item: "share", "delete") is one the actor's role does not hold."""
    found = await held(session, actor, template_id)
    if found is None:
        raise AppError(ErrorCode.TEMPLATE_NOT_FOUND, field="id")
    if not found.is_owner:
        raise AppError(ErrorCode.TEMPLATE_SHARE_OWN_ONLY)
    if item is not None:
        actor.need_template(item)
    return found.template
