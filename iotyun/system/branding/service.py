"""Brand rules (docs/api-system.md "Personalization and white label"): every user of a tenant reads its brand, a
holder of P81000 replaces or resets it; its images are judged by their bytes (resources/images.py decodes PNG and
JPEG and encodes them again, resources/svg.py sanitises an SVG logo or favicon; 114010, 114011, 114018-114024)
within their place's cap, and an image id the brand names must be one of the tenant's uploads for that place (114001);
a domain is an RFC 1123 host name (110004) that is not the platform's own (110004) nor bound by another tenant
(110005). A save reaches the tenant's open consoles as a `brand` frame on the live socket once it commits. A host's
brand is what the login page shows before anyone signs in: only its public parts, or the platform's for an unknown
host."""

import math
import re
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import access
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    BRAND_IMAGE_USE,
    BRAND_PENDING_IMAGES_MAX,
    BRAND_PENDING_KEEP_S,
    BRAND_SVG_SLOTS,
    IMAGE_SIZE_TEXT,
    IMAGE_USE_MAX_BYTES,
)
from iotyun.core.readcache import caches
from iotyun.devices.gps import hooks as map_hooks
from iotyun.resources import images, svg
from iotyun.system.branding import repository as repo
from iotyun.system.branding import storage
from iotyun.system.branding.models import Brand, BrandImage
from iotyun.system.branding.schemas import BrandImageOut, BrandIn, BrandOut, BrandPublicOut, Slot

SLOTS: tuple[Slot, ...] = ("logo_light", "logo_dark", "favicon", "background")
# What a host's brand is read from (the anonymous login page's read cache, core/readcache.py).
_PUBLIC_TABLES = ("brand", "brand_image")
_PUBLIC_CACHE_SIZE = 1024
# Host names the platform answers for whatever its configuration: never a tenant's to bind.
_RESERVED_HOSTS = frozenset({"localhost"})
# The unique domain's violation as PostgreSQL (its name) and SQLite (its column) report it.
_DOMAIN_CONSTRAINT = re.compile(r"uq_brand_domain|brand\.domain")


def _image_out(row: BrandImage | None) -> BrandImageOut | None:
    if row is None:
        return None
    return BrandImageOut(
        id=row.id,
        slot=row.slot,
        url=storage.url_of(row.file_key, row.ext),
        width=row.width,
        height=row.height,
        size_bytes=row.size_bytes,
    )


def _named(row: Brand | None) -> dict[Slot, int | None]:
    if row is None:
        return dict.fromkeys(SLOTS)
    return {
        "logo_light": row.logo_light_id,
        "logo_dark": row.logo_dark_id,
        "favicon": row.favicon_id,
        "background": row.background_id,
    }


def _out(row: Brand | None, by_id: dict[int, BrandImage]) -> BrandOut:
    named = _named(row)
    shown = {slot: by_id.get(i) if i is not None else None for slot, i in named.items()}
    if row is None:
        return BrandOut(
            platform_name="",
            slogan="",
            footer="",
            primary_color=None,
            default_language="zh",
            map_theme=None,
            domain=None,
            logo_light=None,
            logo_dark=None,
            favicon=None,
            background=None,
            version=0,
            updated_at=None,
        )
    return BrandOut(
        platform_name=row.platform_name,
        slogan=row.slogan,
        footer=row.footer,
        primary_color=row.primary_color,
        default_language="en" if row.default_language == "en" else "zh",
        map_theme=row.map_theme,
        domain=row.domain,
        logo_light=_image_out(shown["logo_light"]),
        logo_dark=_image_out(shown["logo_dark"]),
        favicon=_image_out(shown["favicon"]),
        background=_image_out(shown["background"]),
        version=row.version,
        updated_at=epoch_ms(row.updated_at),
    )


async def read(session: AsyncSession, actor: Actor) -> BrandOut:
    """The caller's tenant's brand; the platform's defaults until one is saved."""
    row = await repo.brand(session, actor.tenant_id)
    ids = {i for i in _named(row).values() if i is not None}
    return _out(row, await repo.images(session, actor.tenant_id, ids))


def _platform_host(public_url: str) -> str:
    try:
        return (urlsplit(public_url).hostname or "").rstrip(".").lower()
    except ValueError:
        return ""


async def _check_domain(session: AsyncSession, actor: Actor, domain: str, public_url: str) -> None:
    if domain in _RESERVED_HOSTS or domain == _platform_host(public_url):
        raise AppError(ErrorCode.ILLEGAL_DOMAIN, field="domain")
    holder = await repo.domain_holder(session, domain)
    if holder is not None and holder != actor.tenant_id:
        raise AppError(ErrorCode.DOMAIN_TAKEN, field="domain")


def _drop(session: AsyncSession, root: Path, rows: list[BrandImage]) -> None:
    """Delete image rows now and their bytes once the session commits."""
    for row in rows:
        storage.remove_on_commit(session, root, row.file_key, row.ext)


async def _purge_stale(session: AsyncSession, root: Path, tenant_id: int, named: set[int]) -> list[BrandImage]:
    """Delete the tenant's pending images older than BRAND_PENDING_KEEP_S; the younger ones, oldest first."""
    pending = await repo.pending_images(session, tenant_id, named)
    cutoff = utcnow() - timedelta(seconds=BRAND_PENDING_KEEP_S)
    stale = [row for row in pending if row.created_at < cutoff]
    for row in stale:
        await session.delete(row)
    _drop(session, root, stale)
    return [row for row in pending if row.created_at >= cutoff]


async def save(session: AsyncSession, actor: Actor, root: Path, public_url: str, body: BrandIn) -> BrandOut:
    """Replace the tenant's brand with `body`; images it no longer names are deleted with their bytes."""
    if body.domain is not None:
        await _check_domain(session, actor, body.domain, public_url)
    wanted: dict[Slot, int | None] = {
        "logo_light": body.logo_light_id,
        "logo_dark": body.logo_dark_id,
        "favicon": body.favicon_id,
        "background": body.background_id,
    }
    by_id = await repo.images(session, actor.tenant_id, {i for i in wanted.values() if i is not None})
    for slot, image_id in wanted.items():
        if image_id is not None and (image_id not in by_id or by_id[image_id].slot != slot):
            raise AppError(ErrorCode.RESOURCE_NOT_FOUND, field=f"{slot}_id")
    row = await repo.brand(session, actor.tenant_id)
    before = {i for i in _named(row).values() if i is not None}
    if row is None:
        row = Brand(tenant_id=actor.tenant_id, version=0)
        session.add(row)
    row.platform_name = body.platform_name
    row.slogan = body.slogan
    row.footer = body.footer
    row.primary_color = body.primary_color
    row.default_language = body.default_language
    row.map_theme = body.map_theme
    row.domain = body.domain
    row.logo_light_id = body.logo_light_id
    row.logo_dark_id = body.logo_dark_id
    row.favicon_id = body.favicon_id
    row.background_id = body.background_id
    row.version = (row.version or 0) + 1
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError as exc:
        # A concurrent save bound the domain first, or made the tenant's first brand row (the session cannot be
        # read again here: PostgreSQL ended its transaction with the failed statement).
        if _DOMAIN_CONSTRAINT.search(str(exc.orig)):
            raise AppError(ErrorCode.DOMAIN_TAKEN, field="domain") from None
        raise AppError(ErrorCode.CONFLICT) from None
    now_named = {i for i in wanted.values() if i is not None}
    replaced = await repo.images(session, actor.tenant_id, before - now_named)
    for image in replaced.values():
        await session.delete(image)
    _drop(session, root, list(replaced.values()))
    await _purge_stale(session, root, actor.tenant_id, now_named)
    await session.flush()
    _announce(session, actor.tenant_id, row.version)
    return _out(row, by_id)


async def reset(session: AsyncSession, actor: Actor, root: Path) -> BrandOut:
    """Back to the platform's brand: the tenant's settings, domain and images are deleted."""
    row = await repo.brand(session, actor.tenant_id)
    version = (row.version if row is not None else 0) + 1
    if row is not None:
        await session.delete(row)
        await session.flush()
    uploaded = await repo.all_images(session, actor.tenant_id)
    for image in uploaded:
        await session.delete(image)
    _drop(session, root, uploaded)
    await session.flush()
    _announce(session, actor.tenant_id, version)
    out = _out(None, {})
    return out.model_copy(update={"version": version})


def _announce(session: AsyncSession, tenant_id: int, version: int) -> None:
    """Tell the tenant's open consoles, once the session commits, to read the brand again."""
    access.push_after_commit(session, {"type": "brand", "tenant_id": tenant_id, "version": version})


def _svg_image(data: bytes) -> images.JudgedImage:
    result = svg.sanitise(data)
    width, height = max(1, math.ceil(result.width)), max(1, math.ceil(result.height))
    return images.JudgedImage(images.ImageFacts("svg", "image/svg+xml", width, height), result.text.encode())


async def upload(session: AsyncSession, actor: Actor, root: Path, slot: Slot, data: bytes) -> BrandImageOut:
    """Keep an image for one place of the brand, judged by its bytes (never its name or declared type): a PNG or
    JPEG decoded and encoded again, an SVG (logos and favicon only) sanitised. `data` is at most one byte past the
    place's cap. It stays pending until a save names it."""
    use = BRAND_IMAGE_USE[slot]
    if len(data) > IMAGE_USE_MAX_BYTES[use]:
        raise AppError(ErrorCode.IMAGE_TOO_LARGE, field="file", size=IMAGE_SIZE_TEXT[use])
    claimed = images.sniff(data)
    is_svg = claimed is None and svg.looks_like_svg(data)
    if claimed is None and not (is_svg and slot in BRAND_SVG_SLOTS):
        raise AppError(ErrorCode.IMAGE_TYPE_INVALID, field="file")
    judged = await images.in_decoder(_svg_image if is_svg else images.judge, data)
    row = await repo.brand(session, actor.tenant_id)
    named = {i for i in _named(row).values() if i is not None}
    pending = await _purge_stale(session, root, actor.tenant_id, named)
    if len(pending) >= BRAND_PENDING_IMAGES_MAX:
        raise AppError(ErrorCode.LIMIT_REACHED, field="file", limit=BRAND_PENDING_IMAGES_MAX)
    image = BrandImage(
        tenant_id=actor.tenant_id,
        slot=slot,
        file_key=secrets.token_urlsafe(24),
        ext=judged.facts.ext,
        content_type=judged.facts.content_type,
        size_bytes=len(judged.data),
        width=judged.facts.width,
        height=judged.facts.height,
    )
    session.add(image)
    await session.flush()
    await storage.write(session, root, image.file_key, image.ext, judged.data)
    out = _image_out(image)
    assert out is not None
    return out


def _public(row: Brand, by_id: dict[int, BrandImage]) -> BrandPublicOut:
    def url(image_id: int | None) -> str | None:
        image = by_id.get(image_id) if image_id is not None else None
        return storage.url_of(image.file_key, image.ext) if image is not None else None

    return BrandPublicOut(
        platform_name=row.platform_name,
        slogan=row.slogan,
        footer=row.footer,
        primary_color=row.primary_color,
        default_language="en" if row.default_language == "en" else "zh",
        logo_light_url=url(row.logo_light_id),
        logo_dark_url=url(row.logo_dark_id),
        favicon_url=url(row.favicon_id),
        background_url=url(row.background_id),
    )


async def of_host(session: AsyncSession, host: str) -> BrandPublicOut:
    """The public parts of the brand bound to `host` (the request's), or the platform's for any other host."""
    if not host:
        return BrandPublicOut()

    async def compute() -> BrandPublicOut:
        found = await repo.brand_of_host(session, host)
        return BrandPublicOut() if found is None else _public(*found)

    cache = caches(session).cache("brand_of_host", _PUBLIC_TABLES, maxsize=_PUBLIC_CACHE_SIZE)
    answer: BrandPublicOut = await cache.fetch(host, compute)
    return answer


async def file_of(session: AsyncSession, root: Path, file_name: str) -> tuple[Path, str]:
    """The stored file and content type behind a served name (114001 for any name that is no brand image's)."""
    match = storage.FILE_NAME_RE.fullmatch(file_name)
    row = await repo.image_by_key(session, match.group(1)) if match else None
    if match is None or row is None or row.ext != match.group(2):
        raise AppError(ErrorCode.RESOURCE_NOT_FOUND)
    path = storage.path_of(root, row.file_key, row.ext)
    if not path.is_file():
        raise AppError(ErrorCode.RESOURCE_NOT_FOUND)
    return path, row.content_type


@map_hooks.tenant_map_theme.connect
async def _map_theme(session: AsyncSession, tenant_id: int) -> str | None:
    """The device map's theme of a tenant's brand (None: the platform's)."""
    row = await repo.brand(session, tenant_id)
    return row.map_theme if row is not None else None
