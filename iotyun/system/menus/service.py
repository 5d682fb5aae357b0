"""The rules of the tenant's custom pages and menus (SPEC §1, §2, §5; docs/api-system.md "Custom pages and menus").

The configuration is one document per tenant, saved whole and versioned: a save names the version it was based on
and is refused (100023) when another save came between, so two editors never overwrite each other unseen. Each user
reads only the entries shown to their role that they may open: a framed page always, a console route when they hold
its page's code, a dashboard when they may open it (the dashboards answer, through hooks.py); the roles an entry is
shown to never leave the configuration screen."""

import re
import unicodedata
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    CUSTOM_MENU_CHILDREN_MAX,
    CUSTOM_MENU_ICONS,
    CUSTOM_MENU_ID_MAX,
    CUSTOM_MENU_NAME_MAX,
    CUSTOM_MENU_NAME_MIN,
    CUSTOM_MENU_ROLES_MAX,
    CUSTOM_MENU_SIDE_MAX,
    CUSTOM_MENU_TITLE_MAX,
    CUSTOM_MENU_TOP_MAX,
    CUSTOM_MENU_URL_MAX,
)
from iotyun.core.permissions import TREE
from iotyun.system.menus import hooks
from iotyun.system.menus import repository as repo
from iotyun.system.menus.schemas import (
    DASHBOARD,
    GROUP,
    PAGE,
    VISIBLE_ALL,
    VISIBLE_ROLES,
    CustomMenusOut,
    CustomPageConfigOut,
    CustomPageDocument,
    CustomPageIn,
    CustomPageOut,
    MenuChild,
    MenuChildOut,
    MenuEntry,
    MenuEntryOut,
    RoleOptionOut,
)

_ID = re.compile(rf"^[A-Za-z0-9_-]{{1,{CUSTOM_MENU_ID_MAX}}}$")
# A framed page: http(s) only, so a javascript: or data: address never runs inside the console.
_WEB_URL = re.compile(r"^https?://[^\s<>\"'`\\]+$", re.IGNORECASE)
# A console route: one leading slash (never //host, which a browser reads as another site), no spaces or quotes.
_ROUTE = re.compile(r"^/(?:[^/\s<>\"'`\\][^\s<>\"'`\\]*)?$")
_ICONS = frozenset(CUSTOM_MENU_ICONS)
# The page codes of the console's routes (SPEC §2), longest route first: a route entry is read by those who hold the
# code of the deepest page it lies in.
_ROUTE_CODES: tuple[tuple[str, str], ...] = tuple(
    sorted(((n.route, n.code.value) for n in TREE if n.route and n.route != "/"), key=lambda rc: -len(rc[0]))
)


def is_web_url(url: str) -> bool:
    if len(url) > CUSTOM_MENU_URL_MAX or not _WEB_URL.fullmatch(url):
        return False
    return bool(urlsplit(url).hostname)


def is_console_route(url: str) -> bool:
    return len(url) <= CUSTOM_MENU_URL_MAX and bool(_ROUTE.fullmatch(url))


def _route_codes(route: str) -> set[str]:
    """The codes of the deepest page of SPEC §2's tree that `route` lies in (none: any signed-in user)."""
    path = re.split(r"[?#]", route, maxsplit=1)[0].rstrip("/") or "/"
    found: set[str] = set()
    deepest = 0
    for page, code in _ROUTE_CODES:
        if len(page) < deepest:
            break
        if path == page or path.startswith(page + "/"):
            deepest = len(page)
            found.add(code)
    return found


def _plain(value: str) -> str:
    return value.strip()


def _has_control(value: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cf") for ch in value)


def _fail(code: ErrorCode, field: str, **params: Any) -> AppError:
    return AppError(code, field=f"document.{field}", **params)


def _title(value: str, field: str, required: ErrorCode) -> str:
    title = _plain(value)
    if not title:
        raise _fail(required, field)
    if len(title) > CUSTOM_MENU_TITLE_MAX or _has_control(title):
        raise _fail(ErrorCode.PARAM_INVALID, field)
    return title


def _entries(doc: CustomPageDocument) -> Iterator[tuple[str, MenuChild, bool]]:
    """Every entry with its place in the document (`side.2.children.0`) and whether it is of the first level."""
    for area in ("side", "top"):
        entries: list[MenuEntry] = getattr(doc, area)
        for i, entry in enumerate(entries):
            yield f"{area}.{i}", entry, True
            for j, child in enumerate(entry.children):
                yield f"{area}.{i}.children.{j}", child, False


def _counts(doc: CustomPageDocument) -> None:
    """The sizes first: a document of thousands of entries is refused before any of them is looked at."""
    if len(doc.top) > CUSTOM_MENU_TOP_MAX:
        raise _fail(ErrorCode.TOP_MENU_LIMIT, "top", limit=CUSTOM_MENU_TOP_MAX)
    if len(doc.side) > CUSTOM_MENU_SIDE_MAX:
        raise _fail(ErrorCode.LIMIT_REACHED, "side", limit=CUSTOM_MENU_SIDE_MAX)
    for area in ("side", "top"):
        entries: list[MenuEntry] = getattr(doc, area)
        for i, entry in enumerate(entries):
            if len(entry.children) > CUSTOM_MENU_CHILDREN_MAX:
                raise _fail(ErrorCode.LIMIT_REACHED, f"{area}.{i}.children", limit=CUSTOM_MENU_CHILDREN_MAX)
            for j, e in ((None, entry), *enumerate(entry.children)):
                if len(e.role_ids) > CUSTOM_MENU_ROLES_MAX:
                    at = f"{area}.{i}" if j is None else f"{area}.{i}.children.{j}"
                    raise _fail(ErrorCode.LIMIT_REACHED, f"{at}.role_ids", limit=CUSTOM_MENU_ROLES_MAX)


def _check_entry(at: str, entry: MenuChild, first_level: bool, ids: set[str], names: set[str]) -> None:
    """SPEC §5 on one entry, in place: its key, name, kind, target, icon and audience; what its kind does not use is
    cleared."""
    if not _ID.fullmatch(entry.id) or entry.id in ids:
        raise _fail(ErrorCode.PARAM_INVALID, f"{at}.id")
    ids.add(entry.id)
    entry.name = _plain(entry.name)
    if not CUSTOM_MENU_NAME_MIN <= len(entry.name) <= CUSTOM_MENU_NAME_MAX or _has_control(entry.name):
        raise _fail(ErrorCode.MENU_ITEM_NAME_INVALID, f"{at}.name")
    if entry.name.casefold() in names:
        raise _fail(ErrorCode.MENU_ITEM_NAME_DUPLICATE, f"{at}.name")
    names.add(entry.name.casefold())
    if entry.kind == GROUP and not first_level:
        raise _fail(ErrorCode.PARAM_INVALID, f"{at}.kind")
    if entry.kind != GROUP and isinstance(entry, MenuEntry) and entry.children:
        raise _fail(ErrorCode.PARAM_INVALID, f"{at}.children")
    entry.url = _plain(entry.url) if entry.kind == PAGE else ""
    if entry.kind == PAGE and not (is_web_url(entry.url) or is_console_route(entry.url)):
        raise _fail(ErrorCode.URL_INVALID, f"{at}.url")
    if entry.kind != DASHBOARD:
        entry.dashboard_id = None
    elif entry.dashboard_id is None:
        raise _fail(ErrorCode.PARAM_INVALID, f"{at}.dashboard_id")
    if entry.icon is not None and entry.icon not in _ICONS:
        raise _fail(ErrorCode.PARAM_INVALID, f"{at}.icon")
    if entry.visibility == VISIBLE_ALL:
        entry.role_ids = []
    else:
        entry.role_ids = sorted(set(entry.role_ids))
        if not entry.role_ids:
            raise _fail(ErrorCode.PARAM_INVALID, f"{at}.role_ids")


async def _checked(session: AsyncSession, actor: Actor, doc: CustomPageDocument) -> CustomPageDocument:
    """The document as stored, or the first rule it breaks (the titles, the sizes, then the entries in order)."""
    doc.sidebar_title = _title(doc.sidebar_title, "sidebar_title", ErrorCode.SIDEBAR_TITLE_REQUIRED)
    doc.top_bar_title = _title(doc.top_bar_title, "top_bar_title", ErrorCode.TOP_BAR_TITLE_REQUIRED)
    _counts(doc)
    ids: set[str] = set()
    names: set[str] = set()
    for at, entry, first_level in _entries(doc):
        _check_entry(at, entry, first_level, ids, names)
    roles = {r for _, e, _ in _entries(doc) for r in e.role_ids}
    known_roles = await repo.known_roles(session, actor.tenant_id, roles)
    dashboards = {e.dashboard_id for _, e, _ in _entries(doc) if e.dashboard_id is not None}
    known_dashboards = (
        await hooks.dashboards_in_tenant.ask(session, actor.tenant_id, dashboards) if dashboards else set()
    )
    for at, entry, _ in _entries(doc):
        if any(r not in known_roles for r in entry.role_ids):
            raise _fail(ErrorCode.PARAM_INVALID, f"{at}.role_ids")
        if entry.dashboard_id is not None and entry.dashboard_id not in known_dashboards:
            raise _fail(ErrorCode.DASHBOARD_NOT_FOUND, f"{at}.dashboard_id")
    return doc


def _stored(raw: dict[str, Any] | None) -> CustomPageDocument | None:
    """The stored document; None when there is none (or it is not one: nothing wrote such a row but a hand)."""
    if raw is None:
        return None
    try:
        return CustomPageDocument.model_validate(raw)
    except ValidationError:
        return None


async def _roles(session: AsyncSession, actor: Actor) -> list[RoleOptionOut]:
    return [RoleOptionOut(id=i, name=n, code=c) for i, n, c in await repo.roles(session, actor.tenant_id)]


async def config(session: AsyncSession, actor: Actor) -> CustomPageConfigOut:
    """The whole configuration for its editors; roles deleted since it was saved are left out of each audience."""
    row = await repo.config(session, actor.tenant_id)
    doc = _stored(row.custom_page_json) if row else None
    roles = await _roles(session, actor)
    if row is None or doc is None:
        return CustomPageConfigOut(version=row.version if row else 0, document=None, updated_at=None, roles=roles)
    known = {r.id for r in roles}
    for _, entry, _ in _entries(doc):
        entry.role_ids = [r for r in entry.role_ids if r in known]
    return CustomPageConfigOut(version=row.version, document=doc, updated_at=epoch_ms(row.updated_at), roles=roles)


async def save(session: AsyncSession, actor: Actor, body: CustomPageIn) -> CustomPageConfigOut:
    """Replace the whole configuration (SPEC §5 rules, 910101-910105), based on `body.version` (100023 when another
    save came between)."""
    doc = await _checked(session, actor, body.document)
    saved = await repo.save(session, actor.tenant_id, body.version, doc.sidebar_title, doc.model_dump(mode="json"))
    if saved is None:
        raise AppError(ErrorCode.CONFLICT, field="version")
    version, updated_at = saved
    roles = await _roles(session, actor)
    return CustomPageConfigOut(version=version, document=doc, updated_at=epoch_ms(updated_at), roles=roles)


def _child_out(entry: MenuChild) -> MenuChildOut:
    return MenuChildOut(
        id=entry.id,
        name=entry.name,
        kind=entry.kind,
        url=entry.url,
        dashboard_id=entry.dashboard_id,
        icon=entry.icon,
    )


async def menus(session: AsyncSession, actor: Actor) -> CustomPageOut:
    """GET /yun/customPage: the menus the caller sees; an administrator sees every entry he may open."""
    row = await repo.config(session, actor.tenant_id)
    doc = _stored(row.custom_page_json) if row else None
    if row is None or doc is None:
        return CustomPageOut(custom_page_name="", custom_page_json=None, version=row.version if row else 0)
    role_id = None if actor.is_admin else await repo.role_of(session, actor.tenant_id, actor.user_id)
    wanted = {e.dashboard_id for _, e, _ in _entries(doc) if e.dashboard_id is not None}
    readable = await hooks.dashboards_readable.ask(session, actor, wanted) if wanted else set()

    def shown(entry: MenuChild) -> bool:
        if not actor.is_admin and entry.visibility == VISIBLE_ROLES and role_id not in entry.role_ids:
            return False
        if entry.kind == DASHBOARD:
            return entry.dashboard_id in readable
        if entry.kind == PAGE and not is_web_url(entry.url):
            codes = _route_codes(entry.url)
            return not codes or actor.can(*codes)
        return True

    def area(entries: list[MenuEntry]) -> list[MenuEntryOut]:
        out: list[MenuEntryOut] = []
        for entry in entries:
            if not shown(entry):
                continue
            children = [_child_out(c) for c in entry.children if shown(c)]
            if entry.kind == GROUP and not children:
                continue
            out.append(MenuEntryOut(**_child_out(entry).model_dump(), children=children))
        return out

    menus_out = CustomMenusOut(
        sidebar_title=doc.sidebar_title, top_bar_title=doc.top_bar_title, side=area(doc.side), top=area(doc.top)
    )
    return CustomPageOut(custom_page_name=row.custom_page_name, custom_page_json=menus_out, version=row.version)
