"""What virtual devices ask the templates domain, without importing it (templates builds on devices and answers when
its service is imported): whether the caller may bind a template, and the names of bound templates."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.hooks import Hook

# Refuse (AppError 115001) a template the caller does not read: their own, or one shared with them.
check_template: Hook[[AsyncSession, Actor, int], None] = Hook("check_template")
# Names of templates by (template id, user id), for the pairs where that user reads the template; none for the others.
template_names: Hook[[AsyncSession, set[tuple[int, int]]], dict[tuple[int, int], str]] = Hook("template_names")
