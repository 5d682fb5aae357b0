"""The software library's rules (issue 34 point 1, docs/api-software.md): upload, list, edit, delete and download
a tenant's versions, and answer a client "is there a newer one".

An upload is judged in this order, each refusal leaving nothing stored: the type, mode and update content (100004),
the version's syntax (116005), the gateway models of a device-end version (100004), the package's size (116002)
and bytes (116001: not what the type says, damaged, truncated, or not the SHA-256 the uploader sent), a gateway
package's own manifest (116001 another version, 116009 other models), then under the library's lock that the
version is new for its type and each model it fits: not there yet (116004) and above every version of that type
fitting one of them (116006)."""

import asyncio
import re
from pathlib import Path

from fastapi import UploadFile
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import API_PREFIX
from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SOFTWARE_FILE_NAME_MAX, SOFTWARE_MODEL_MAX, SOFTWARE_MODELS_MAX, has_control_characters
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.core.permissions import Perm
from iotyun.messages import repository as message_repo
from iotyun.messages import service as message_service
from iotyun.software import packages, semver_text, storage
from iotyun.software import repository as repo
from iotyun.software import upgrade_repository as upgrade_repo
from iotyun.software.models import (
    MODE_DEFAULT,
    MODE_FORCED,
    STATE_PUBLISHED,
    TYPE_DEVICE,
    TYPE_MOBILE,
    TYPE_PC,
    SoftwareVersion,
    models_key,
)
from iotyun.software.schemas import LatestVersionOut, SoftwareVersionOut, SoftwareVersionUpdateIn

TYPES = (TYPE_DEVICE, TYPE_MOBILE, TYPE_PC)
_SHA256 = re.compile(r"^[0-9a-fA-F]{64}$")
# What a stored file name keeps of the uploaded one: letters, digits and a few signs; the rest become "_".
_NAME_UNSAFE = re.compile(r"[^\w.\-+() ]+")


def version_out(row: SoftwareVersion, uploader: str) -> SoftwareVersionOut:
    return SoftwareVersionOut(
        id=row.id,
        type=row.type,
        version=row.version,
        models=list(row.models),
        content_zh=row.content_zh,
        content_en=row.content_en,
        mode=row.mode,
        state=row.state,
        kind=row.kind,
        file_name=row.file_name,
        size=row.size,
        sha256=row.sha256,
        created_by_name=uploader,
        created_at=epoch_ms(row.created_at) or 0,
        updated_at=epoch_ms(row.updated_at) or 0,
    )


def _bad(field: str) -> AppError:
    return AppError(ErrorCode.PARAM_INVALID, field=field)


def _check_type(software_type: int) -> None:
    if software_type not in TYPES:
        raise _bad("type")


def _models(raw: list[str]) -> list[str]:
    """The gateway models a device-end version fits: 1 to SOFTWARE_MODELS_MAX names of 1 to SOFTWARE_MODEL_MAX
    printable characters, no comma, each once (trimmed; order kept)."""
    out: list[str] = []
    for item in raw:
        for name in item.split(","):
            name = name.strip()
            if not name:
                continue
            if len(name) > SOFTWARE_MODEL_MAX or has_control_characters(name):
                raise _bad("models")
            if name not in out:
                out.append(name)
    if not out or len(out) > SOFTWARE_MODELS_MAX:
        raise _bad("models")
    return out


def _content(text: str, field: str) -> str:
    text = text.strip()
    if has_control_characters(text.replace("\n", "").replace("\r", "").replace("\t", "")):
        raise _bad(field)
    return text


def _file_name(name: str | None) -> str:
    base = Path((name or "").replace("\\", "/")).name
    cleaned = _NAME_UNSAFE.sub("_", base).strip(" .") or "package"
    return cleaned[-SOFTWARE_FILE_NAME_MAX:]


def _fits(row: SoftwareVersion, models: list[str]) -> bool:
    return any(m in row.models for m in models)


async def _check_new(
    session: AsyncSession, tenant_id: int, software_type: int, version: str, models: list[str]
) -> None:
    """116004 when the version is there for one of its models, 116006 when one of its models has a newer one."""
    wanted = semver_text.parse(version)
    for row in await repo.of_type(session, tenant_id, software_type):
        if not _fits(row, models):
            continue
        existing = semver_text.reported(row.version)
        if existing is None:
            continue
        if existing.compare(wanted) == 0:
            raise AppError(ErrorCode.SOFTWARE_VERSION_EXISTS, field="version")
        if existing.compare(wanted) > 0:
            raise AppError(ErrorCode.SOFTWARE_VERSION_NOT_NEWER, field="version")


async def list_versions(
    session: AsyncSession, actor: Actor, params: PageParams, *, software_type: int | None, model: str, keyword: str
) -> Page[SoftwareVersionOut]:
    if software_type is not None:
        _check_type(software_type)
    stmt = repo.versions(actor.tenant_id, software_type=software_type, model=model.strip(), keyword=keyword.strip())
    rows, total = await paginate(session, stmt, params)
    names = await repo.uploader_names(session, {r.created_by for r in rows if r.created_by is not None})
    items = [version_out(r, names.get(r.created_by or 0, "")) for r in rows]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


async def _uploader(session: AsyncSession, row: SoftwareVersion) -> str:
    if row.created_by is None:
        return ""
    return (await repo.uploader_names(session, {row.created_by})).get(row.created_by, "")


async def _version(session: AsyncSession, actor: Actor, version_id: int) -> SoftwareVersion:
    row = await repo.version(session, actor.tenant_id, version_id)
    if row is None:
        raise AppError(ErrorCode.SOFTWARE_VERSION_NOT_FOUND, field="id")
    return row


async def version_info(session: AsyncSession, actor: Actor, version_id: int) -> SoftwareVersionOut:
    row = await _version(session, actor, version_id)
    return version_out(row, await _uploader(session, row))


async def upload(
    session: AsyncSession,
    actor: Actor,
    root: Path,
    *,
    software_type: int,
    version: str,
    models: list[str],
    content_zh: str,
    content_en: str,
    mode: int,
    sha256: str,
    file: UploadFile,
) -> SoftwareVersionOut:
    """Store a new version of the tenant's library with its package (the rules and their order: the module's
    docstring)."""
    _check_type(software_type)
    if mode not in (MODE_DEFAULT, MODE_FORCED):
        raise _bad("mode")
    zh, en = _content(content_zh, "content_zh"), _content(content_en, "content_en")
    if not zh and not en:
        raise _bad("content_zh")
    version = version.strip()
    semver_text.parse(version)
    fitting = _models(models) if software_type == TYPE_DEVICE else []
    if sha256 and not _SHA256.match(sha256):
        raise _bad("sha256")
    async with storage.received(root, file) as got:
        if sha256 and sha256.lower() != got.sha256:
            raise packages.invalid("sha256")
        facts = await asyncio.to_thread(packages.judge, got.path, software_type)
        if software_type == TYPE_DEVICE:
            if facts.manifest_version != version:
                raise packages.invalid()
            if facts.manifest_models and any(m not in facts.manifest_models for m in fitting):
                raise AppError(ErrorCode.UPGRADE_MODEL_MISMATCH, field="models")
        else:
            fitting = [facts.platform]
        await repo.lock_library(session, actor.tenant_id)
        await _check_new(session, actor.tenant_id, software_type, version, fitting)
        row = SoftwareVersion(
            tenant_id=actor.tenant_id,
            type=software_type,
            version=version,
            models=fitting,
            models_key=models_key(fitting),
            content_zh=zh,
            content_en=en,
            mode=mode,
            state=STATE_PUBLISHED,
            kind=facts.kind,
            file_name=_file_name(file.filename),
            file_key=storage.new_key(),
            size=got.size,
            sha256=got.sha256,
            created_by=actor.user_id,
        )
        session.add(row)
        await session.flush()
        await storage.keep(session, root, got, row.file_key)
    await _tell_of_pc_version(session, row)
    return version_out(row, await _uploader(session, row))


async def update(session: AsyncSession, actor: Actor, body: SoftwareVersionUpdateIn) -> SoftwareVersionOut:
    row = await _version(session, actor, body.id)
    zh = row.content_zh if body.content_zh is None else _content(body.content_zh, "content_zh")
    en = row.content_en if body.content_en is None else _content(body.content_en, "content_en")
    if not zh and not en:
        raise _bad("content_zh")
    row.content_zh, row.content_en = zh, en
    if body.mode is not None:
        row.mode = body.mode
    published = body.state == STATE_PUBLISHED and row.state != STATE_PUBLISHED
    if body.state is not None:
        row.state = body.state
    await session.flush()
    if published:
        await _tell_of_pc_version(session, row)
    return version_out(row, await _uploader(session, row))


async def _tell_of_pc_version(session: AsyncSession, row: SoftwareVersion) -> None:
    """A PC client version just published that is the newest for its platform: every user of the tenant hears of it
    in the inbox (issue 34 point 6), with the version to download (link `software`)."""
    if row.type != TYPE_PC or row.state != STATE_PUBLISHED:
        return
    mine = semver_text.reported(row.version)
    for other in await repo.of_type(session, row.tenant_id, TYPE_PC):
        theirs = semver_text.reported(other.version)
        if other.id == row.id or other.state != STATE_PUBLISHED or not _fits(other, row.models) or theirs is None:
            continue
        if mine is None or theirs.compare(mine) >= 0:
            return
    users = await message_repo.all_user_ids(session, row.tenant_id)
    if users:
        await message_service.deliver(
            session,
            row.tenant_id,
            sorted(users),
            "upgrade",
            text_key="messages.software.pc",
            params={
                "version": row.version,
                "platform": row.models[0] if row.models else "",
                "file_name": row.file_name,
            },
            link=("software", row.id),
        )


async def delete(session: AsyncSession, actor: Actor, root: Path, version_id: int) -> None:
    """Delete a version and, once that commits, its package; not while a rollout that runs or is paused uses it
    (116008). A finished rollout keeps its history without the version."""
    row = await _version(session, actor, version_id)
    if await upgrade_repo.version_in_use(session, row.id):
        raise AppError(ErrorCode.UPGRADE_IN_PROGRESS, field="id")
    storage.remove_on_commit(session, root, row.file_key)
    await session.delete(row)
    await session.flush()


async def package_of(session: AsyncSession, actor: Actor, root: Path, version_id: int) -> storage.Package:
    """The stored package of a version of the caller's tenant. A published mobile or PC version is any of the
    tenant's users' to fetch (their app or client updating itself); the rest only the library's and the upgrades'
    (116003 otherwise, as for a version that is not there)."""
    row = await _version(session, actor, version_id)
    offered = row.type in (TYPE_MOBILE, TYPE_PC) and row.state == STATE_PUBLISHED
    if not offered and not actor.can(Perm.SOFTWARE_VERSION, Perm.SOFTWARE_UPGRADE):
        raise AppError(ErrorCode.SOFTWARE_VERSION_NOT_FOUND, field="id")
    found = await storage.package(root, row.file_key, row.file_name, row.sha256)
    if found is None:
        raise AppError(ErrorCode.SOFTWARE_VERSION_NOT_FOUND, field="id")
    return found


async def latest(
    session: AsyncSession, actor: Actor, *, software_type: int, platform: str, current: str
) -> LatestVersionOut:
    """The newest published version of `software_type` fitting `platform` (a gateway model for the device end), and
    whether the asker on `current` must take it (116005 for a `current` that names no version)."""
    _check_type(software_type)
    mine = semver_text.parse(current, field="current") if current else None
    fitting = [
        (v, row)
        for row in await repo.of_type(session, actor.tenant_id, software_type)
        if row.state == STATE_PUBLISHED
        and (not platform or platform in row.models or "any" in row.models)
        and (v := semver_text.reported(row.version)) is not None
    ]
    if not fitting:
        return LatestVersionOut(newer=False, latest=None, forced=False, download_url=None)
    fitting.sort(key=lambda pair: pair[0])
    newest_version, newest = fitting[-1]
    newer = mine is None or newest_version.compare(mine) > 0
    forced = newer and any(row.mode == MODE_FORCED and (mine is None or v.compare(mine) > 0) for v, row in fitting)
    return LatestVersionOut(
        newer=newer,
        latest=version_out(newest, await _uploader(session, newest)),
        forced=forced,
        download_url=f"{API_PREFIX}/software/version/file?id={newest.id}" if newer else None,
    )
