"""Tenant symbol library rules (docs/api-resources.md "Symbols"): an SVG is imported only as the sanitiser rewrites
it (resources/svg.py: refused 114020-114024, or stripped and told), within the importer's gallery_mb quota (114012)
and SYMBOLS_PER_TENANT_MAX symbols a tenant (114029); names are unique in the tenant (114026, 114027); parts are
elements of the symbol, each once, each named (114028); a symbol a screen of the tenant still shows is not deleted
(114511). Every designer of the tenant sees, uses, renames and deletes the tenant's symbols; another tenant's are
not found (114025)."""

import hashlib
import re
import secrets

from pydantic import TypeAdapter, ValidationError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SYMBOL_PART_NAME_MAX, SYMBOLS_PER_TENANT_MAX, SymbolName, rule_app_error
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.resources import images, svg
from iotyun.resources import repository as gallery_repo
from iotyun.resources.models import TenantSymbol
from iotyun.resources.storage import URL_PREFIX
from iotyun.resources.symbols import repository as repo
from iotyun.resources.symbols.schemas import StrippedOut, SymbolImportOut, SymbolOut, SymbolPart, SymbolUpdateIn
from iotyun.team import quotas as team_quotas
from iotyun.templates.screens import service as screen_service

MB = 1024 * 1024
SYMBOL_URL_PREFIX = URL_PREFIX.replace("/resourcesInfo/file/", "/resourcesInfo/symbol/file/")
FILE_NAME_RE = re.compile(r"^([A-Za-z0-9_-]{32})\.svg$")
_ID_RE = re.compile(r'data-iot-id="(n[0-9]+)"')
_ELEMENT_RE = re.compile(r'<([A-Za-z]+)[^>]*? data-iot-id="(n[0-9]+)"')
_NAME: TypeAdapter[str] = TypeAdapter(SymbolName)
# A served symbol is read again whenever it may have changed (its parts are marked after import); the ETag spares
# the bytes.
CACHE_CONTROL = "no-cache"
# A served SVG may draw and style itself, nothing else: no script, no fetch, no frame, opened alone or not.
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"


def url_of(file_key: str) -> str:
    return f"{SYMBOL_URL_PREFIX}{file_key}.svg"


def _elements(text: str) -> list[tuple[str, str]]:
    return [(ident, name) for name, ident in _ELEMENT_RE.findall(text)]


def symbol_out(row: TenantSymbol) -> SymbolOut:
    return SymbolOut(
        id=row.id,
        name=row.name,
        category=row.category,
        url=url_of(row.file_key),
        width=row.width,
        height=row.height,
        parts=[SymbolPart.model_validate(p) for p in row.parts],
        elements=_elements(row.svg),
        size_bytes=row.size_bytes,
        created_at=epoch_ms(row.created_at) or 0,
        updated_at=epoch_ms(row.updated_at) or 0,
    )


def _stripped(result: svg.SanitisedSvg) -> list[StrippedOut]:
    return [StrippedOut(kind=s.kind, name=s.name, count=s.count) for s in result.stripped]


async def _sanitised(data: bytes) -> svg.SanitisedSvg:
    # CPU work on a bounded file, in the decoders' threads as an image's decoding is.
    return await images.in_decoder(lambda: svg.sanitise(data, with_ids=True))


def _name(raw: str) -> str:
    try:
        return _NAME.validate_python(raw)
    except ValidationError as exc:
        raise rule_app_error(exc, ErrorCode.SYMBOL_NAME_INVALID, field="name") from exc


async def _check_name(session: AsyncSession, actor: Actor, name: str, exclude: int | None = None) -> None:
    same = await repo.symbol_named(session, actor.tenant_id, name)
    if same is not None and same.id != exclude:
        raise AppError(ErrorCode.SYMBOL_NAME_EXISTS, field="name")


async def _flush_unique(session: AsyncSession) -> None:
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError:
        raise AppError(ErrorCode.SYMBOL_NAME_EXISTS, field="name") from None


async def _own(session: AsyncSession, actor: Actor, symbol_id: int) -> TenantSymbol:
    row = await repo.symbol(session, actor.tenant_id, symbol_id)
    if row is None:
        raise AppError(ErrorCode.SYMBOL_NOT_FOUND, field="id")
    return row


def _parts(text: str, parts: list[SymbolPart]) -> list[dict[str, str]]:
    """The parts as stored, or 114028: each an element of the symbol, once, named in 1 to 20 characters in at
    least one language."""
    ids = set(_ID_RE.findall(text))
    seen: set[str] = set()
    kept = []
    for part in parts:
        zh, en = part.zh.strip(), part.en.strip()
        if part.id not in ids or part.id in seen or not (zh or en) or max(len(zh), len(en)) > SYMBOL_PART_NAME_MAX:
            raise AppError(ErrorCode.SYMBOL_PARTS_INVALID, field="parts")
        seen.add(part.id)
        kept.append({"id": part.id, "zh": zh, "en": en})
    return kept


async def list_symbols(
    session: AsyncSession, actor: Actor, params: PageParams, *, category: str | None, name: str
) -> Page[SymbolOut]:
    stmt = repo.symbols(actor.tenant_id, category=category, name=name.strip())
    rows, total = await paginate(session, stmt, params)
    return Page(items=[symbol_out(r) for r in rows], total=total, page=params.page, page_size=params.page_size)


async def get_symbol(session: AsyncSession, actor: Actor, symbol_id: int) -> SymbolOut:
    return symbol_out(await _own(session, actor, symbol_id))


async def preview(data: bytes) -> SymbolImportOut:
    """What an import would keep and strip, without keeping anything."""
    result = await _sanitised(data)
    return SymbolImportOut(symbol=None, svg=result.text, stripped=_stripped(result))


async def import_symbol(
    session: AsyncSession, actor: Actor, *, name: str, category: str, data: bytes
) -> SymbolImportOut:
    """Keep an uploaded SVG, sanitised, in the tenant's library; its parts are marked afterwards (update)."""
    symbol_name = _name(name)
    await _check_name(session, actor, symbol_name)
    if await repo.count(session, actor.tenant_id) >= SYMBOLS_PER_TENANT_MAX:
        raise AppError(ErrorCode.SYMBOL_LIMIT, limit=SYMBOLS_PER_TENANT_MAX)
    result = await _sanitised(data)
    size = len(result.text.encode())

    async def used() -> int:
        return await gallery_repo.used_bytes(session, actor.tenant_id, actor.user_id)

    await team_quotas.claim_quota(
        session, actor.user_id, "gallery_mb", size, used, code=ErrorCode.GALLERY_QUOTA_EXCEEDED, unit=MB, field="file"
    )
    row = TenantSymbol(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        name=symbol_name,
        category=category,
        file_key=secrets.token_urlsafe(24),
        svg=result.text,
        parts=[],
        width=result.width,
        height=result.height,
        size_bytes=size,
    )
    session.add(row)
    await _flush_unique(session)
    return SymbolImportOut(symbol=symbol_out(row), svg=result.text, stripped=_stripped(result))


async def update_symbol(session: AsyncSession, actor: Actor, body: SymbolUpdateIn) -> SymbolOut:
    row = await _own(session, actor, body.id)
    if body.name is not None:
        await _check_name(session, actor, body.name, exclude=row.id)
        row.name = body.name
    if body.category is not None:
        row.category = body.category
    if body.parts is not None:
        row.parts = _parts(row.svg, body.parts)
    await _flush_unique(session)
    return symbol_out(row)


async def delete_symbol(session: AsyncSession, actor: Actor, symbol_id: int) -> None:
    """Delete a symbol of the tenant that no screen of the tenant (as designed or as published) shows."""
    row = await _own(session, actor, symbol_id)
    key = row.file_key
    if await screen_service.image_in_use(session, actor.tenant_id, key, lambda text: key in text):
        raise AppError(ErrorCode.SYMBOL_IN_USE)
    await session.delete(row)
    await session.flush()


def served(row: TenantSymbol) -> str:
    """The SVG as served: the stored one with the marked parts' ids, in order, on its root (`data-iot-parts`), so a
    screen without a token (a share link) knows them too."""
    ids = " ".join(p["id"] for p in row.parts)
    return row.svg.replace("<svg ", f'<svg data-iot-parts="{ids}" ', 1)


async def file_of(session: AsyncSession, file_name: str) -> tuple[str, str]:
    """The served text of a symbol by its file name, and its ETag (114025 for any name that is no symbol's)."""
    match = FILE_NAME_RE.fullmatch(file_name)
    row = await repo.symbol_by_key(session, match.group(1)) if match else None
    if row is None:
        raise AppError(ErrorCode.SYMBOL_NOT_FOUND)
    text = served(row)
    return text, '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'
