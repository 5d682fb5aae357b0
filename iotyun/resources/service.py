"""Gallery rules (docs/api-resources.md): the system gallery is read-only to tenants (114510); a user's gallery is
theirs alone, its classification names unique (114004) and its picture names unique in a classification (114009);
uploads are jpg or png by their bytes (114010), within their use's cap (114011), decoded whole within a pixel
bound and kept as encoded again from their pixels (114018, 114019; images.py), or an SVG icon or image kept as the
sanitiser rewrites it (114020-114024, svg.py); an upload naming no classification lands in the uploader's
uncategorised bucket, within the owner's gallery_mb quota
(114012, counted exactly under concurrency); an image a screen still shows is not deleted (114013), nor a classification that holds images or 3D
models (114006). A 3D model is a .gltf with its buffers and textures (114014-114017, 114501-114509, gltf.py),
counted in the same quota; the system gallery's shipped images (system_gallery.py) are read-only like its
classifications."""

import math
import secrets
from pathlib import Path

from pydantic import TypeAdapter, ValidationError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    IMAGE_SIZE_TEXT,
    IMAGE_USE_MAX_BYTES,
    SVG_IMAGE_USES,
    ModelName,
    PictureName,
    rule_app_error,
)
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.core.texts import phrase
from iotyun.resources import gltf, hooks, images, storage, svg, system_gallery
from iotyun.resources import repository as repo
from iotyun.resources.models import GalleryClassify, GalleryImage, GalleryModel
from iotyun.resources.schemas import (
    ClassifyIn,
    ClassifyOut,
    ClassifyUpdateIn,
    GalleryUsageOut,
    ImageOut,
    ImageUpdateIn,
    ModelFileOut,
    ModelOut,
)
from iotyun.team import hooks as team_hooks
from iotyun.team import quotas as team_quotas
from iotyun.templates.screens import service as screen_service

# The system gallery's classifications, in their order; their names are core/texts.py `name.gallery.<key>`.
SYSTEM_CLASSIFICATIONS = ("icons", "buttons", "equipment", "backgrounds")
MB = 1024 * 1024
_PICTURE_NAME: TypeAdapter[str] = TypeAdapter(PictureName)
_MODEL_NAME: TypeAdapter[str] = TypeAdapter(ModelName)


async def ensure_system_classifications(session: AsyncSession, tenant_id: int) -> None:
    """The tenant's rows of the system classifications and of the shipped images in them, made on first use."""
    have = await repo.system_keys(session, tenant_id)
    for sort, key in enumerate(SYSTEM_CLASSIFICATIONS):
        if key in have:
            continue
        try:
            async with session.begin_nested():
                session.add(GalleryClassify(tenant_id=tenant_id, name=key, system_key=key, is_system=True, sort=sort))
        except IntegrityError:
            # A concurrent request made it first (unique tenant_id + system_key).
            continue
    ids = await repo.system_classification_ids(session, tenant_id)
    await system_gallery.ensure_system_images(session, tenant_id, ids)


def _classify_out(row: GalleryClassify, image_count: int, model_count: int = 0) -> ClassifyOut:
    uncategorised = not row.is_system and row.name == ""
    if row.system_key:
        name = phrase(f"name.gallery.{row.system_key}")
    else:
        name = phrase("name.gallery.uncategorised") if uncategorised else row.name
    return ClassifyOut(
        id=row.id,
        name=name,
        uncategorised=uncategorised,
        is_system=row.is_system,
        sort=row.sort,
        image_count=image_count,
        model_count=model_count,
        created_at=epoch_ms(row.created_at) or 0,
    )


def image_out(row: GalleryImage) -> ImageOut:
    return ImageOut(
        id=row.id,
        name=phrase(system_gallery.text_key(row.system_key)) if row.system_key else row.name,
        classify_id=row.classify_id,
        url=storage.url_of(row.file_key, row.ext),
        size_bytes=row.size_bytes,
        content_type=row.content_type,
        width=row.width,
        height=row.height,
        use=row.use,
        is_system=row.is_system,
        created_at=epoch_ms(row.created_at) or 0,
    )


async def _visible_classification(
    session: AsyncSession, actor: Actor, classify_id: int, field: str = "classify_id"
) -> GalleryClassify:
    """A system classification or one of the caller's own (else 114005, as for another tenant's or user's)."""
    row = await repo.classification(session, actor.tenant_id, classify_id)
    if row is None or not (row.is_system or row.owner_id == actor.user_id):
        raise AppError(ErrorCode.CLASSIFY_NOT_FOUND, field=field)
    return row


async def _own_classification(session: AsyncSession, actor: Actor, classify_id: int, field: str) -> GalleryClassify:
    """One of the caller's own classifications: a system one is read-only (114510)."""
    row = await _visible_classification(session, actor, classify_id, field)
    if row.is_system:
        raise AppError(ErrorCode.SYSTEM_RESOURCE_READONLY, field=field)
    return row


async def _own_image(session: AsyncSession, actor: Actor, image_id: int) -> GalleryImage:
    row = await repo.image(session, actor.tenant_id, image_id)
    if row is None or not (row.is_system or row.owner_id == actor.user_id):
        raise AppError(ErrorCode.RESOURCE_NOT_FOUND, field="id")
    if row.is_system:
        raise AppError(ErrorCode.SYSTEM_RESOURCE_READONLY, field="id")
    return row


async def _check_classify_name(session: AsyncSession, actor: Actor, name: str, exclude: int | None = None) -> None:
    same = await repo.classification_named(session, actor.tenant_id, actor.user_id, name)
    if same is not None and same.id != exclude:
        raise AppError(ErrorCode.CLASSIFY_NAME_EXISTS, field="name")


async def _check_picture_name(
    session: AsyncSession, actor: Actor, classify_id: int, name: str, exclude: int | None = None
) -> None:
    same = await repo.image_named(session, actor.tenant_id, classify_id, name)
    if same is not None and same.id != exclude:
        raise AppError(ErrorCode.PICTURE_NAME_EXISTS, field="name")


async def _flush_unique(session: AsyncSession, code: ErrorCode) -> None:
    """Flush, answering `code` when a concurrent request took the same name between the check and the write."""
    try:
        async with session.begin_nested():
            await session.flush()
    except IntegrityError:
        raise AppError(code, field="name") from None


# --- classifications -------------------------------------------------------------------------------------------


async def list_classifications(session: AsyncSession, actor: Actor) -> list[ClassifyOut]:
    """The system classifications, then the caller's own, with how many images each holds."""
    await ensure_system_classifications(session, actor.tenant_id)
    rows = await repo.classifications(session, actor.tenant_id, actor.user_id)
    ids = [r.id for r in rows]
    counts = await repo.image_counts(session, actor.tenant_id, ids)
    models = await repo.model_counts(session, actor.tenant_id, ids)
    return [_classify_out(r, counts.get(r.id, 0), models.get(r.id, 0)) for r in rows]


async def create_classification(session: AsyncSession, actor: Actor, body: ClassifyIn) -> ClassifyOut:
    """A new classification of the caller's gallery, last in their order."""
    await _check_classify_name(session, actor, body.name)
    sort = await repo.own_classification_count(session, actor.tenant_id, actor.user_id) + 1
    row = GalleryClassify(tenant_id=actor.tenant_id, owner_id=actor.user_id, name=body.name, sort=sort)
    session.add(row)
    await _flush_unique(session, ErrorCode.CLASSIFY_NAME_EXISTS)
    return _classify_out(row, 0)


async def rename_classification(session: AsyncSession, actor: Actor, body: ClassifyUpdateIn) -> ClassifyOut:
    """Rename one of the caller's classifications."""
    row = await _own_classification(session, actor, body.id, "id")
    await _check_classify_name(session, actor, body.name, exclude=row.id)
    row.name = body.name
    await _flush_unique(session, ErrorCode.CLASSIFY_NAME_EXISTS)
    counts = await repo.image_counts(session, actor.tenant_id, [row.id])
    models = await repo.model_counts(session, actor.tenant_id, [row.id])
    return _classify_out(row, counts.get(row.id, 0), models.get(row.id, 0))


async def delete_classification(session: AsyncSession, actor: Actor, classify_id: int) -> None:
    """Delete one of the caller's classifications once it holds no image and no 3D model."""
    row = await _own_classification(session, actor, classify_id, "id")
    if await repo.holds_images(session, actor.tenant_id, row.id):
        raise AppError(ErrorCode.CLASSIFY_NOT_EMPTY)
    await session.delete(row)
    await session.flush()


# --- images ----------------------------------------------------------------------------------------------------


async def list_images(
    session: AsyncSession, actor: Actor, params: PageParams, *, classify_id: int | None, system: bool, name: str
) -> Page[ImageOut]:
    """One page of a classification's images, or of the whole system or user gallery, searched by name (a system
    image by its name in the caller's language). A tenant's first read of the system gallery makes its rows, as the
    classifications' read does: the picker asks for both at once, so neither may rely on the other coming first."""
    if system or classify_id is not None:
        await ensure_system_classifications(session, actor.tenant_id)
    if classify_id is not None:
        await _visible_classification(session, actor, classify_id)
    name = name.strip()
    stmt = repo.images(
        actor.tenant_id,
        actor.user_id,
        classify_id=classify_id,
        system=system,
        name=name,
        system_keys=system_gallery.keys_named(name) if name else frozenset(),
    )
    rows, total = await paginate(session, stmt, params)
    return Page(items=[image_out(r) for r in rows], total=total, page=params.page, page_size=params.page_size)


async def usage(session: AsyncSession, actor: Actor) -> GalleryUsageOut:
    """What the caller's images take and their gallery_mb quota."""
    limit = await team_quotas.quota_limit(session, actor.user_id, "gallery_mb")
    used = await repo.used_bytes(session, actor.tenant_id, actor.user_id)
    return GalleryUsageOut(used_bytes=used, quota_bytes=limit * MB)


async def _claim_gallery(session: AsyncSession, actor: Actor, adding: int, field: str) -> None:
    """Room for `adding` more bytes in the caller's gallery_mb quota (114012), counted exactly under concurrency
    (team_quotas.claim_quota)."""

    async def used() -> int:
        return await repo.used_bytes(session, actor.tenant_id, actor.user_id)

    await team_quotas.claim_quota(
        session, actor.user_id, "gallery_mb", adding, used, code=ErrorCode.GALLERY_QUOTA_EXCEEDED, unit=MB, field=field
    )


def _picture_name(raw: str) -> str:
    try:
        return _PICTURE_NAME.validate_python(raw)
    except ValidationError as exc:
        raise rule_app_error(exc, ErrorCode.PICTURE_NAME_EMPTY, field="name") from exc


def _svg_image(data: bytes) -> tuple[images.ImageFacts, bytes]:
    """An SVG upload as kept: sanitised (resources/svg.py: refused 114020-114024, or stripped), its size from its
    viewBox."""
    result = svg.sanitise(data)
    facts = images.ImageFacts("svg", "image/svg+xml", max(1, math.ceil(result.width)), max(1, math.ceil(result.height)))
    return facts, result.text.encode()


async def _uncategorised(session: AsyncSession, actor: Actor) -> GalleryClassify:
    """The caller's uncategorised bucket (issue 30 point 7): their classification of the empty name, which no name
    they give can be (114002), made on the first upload that names no classification. Shown first, in the reader's
    language; renamed, it becomes an ordinary classification and the next such upload makes a new bucket."""
    row = await repo.classification_named(session, actor.tenant_id, actor.user_id, "")
    if row is not None:
        return row
    try:
        async with session.begin_nested():
            row = GalleryClassify(tenant_id=actor.tenant_id, owner_id=actor.user_id, name="", sort=0)
            session.add(row)
            await session.flush()
    except IntegrityError:
        # A concurrent upload made it first (unique tenant_id + owner_id + name).
        row = await repo.classification_named(session, actor.tenant_id, actor.user_id, "")
        if row is None:  # pragma: no cover - the constraint names it
            raise
    return row


async def upload(
    session: AsyncSession, actor: Actor, root: Path, *, name: str, classify_id: int | None, use: str, data: bytes
) -> ImageOut:
    """Store an image in one of the caller's classifications, or in their uncategorised bucket when none is named;
    `data` is at most one byte past the use's cap. A PNG or JPEG is decoded and encoded again; an SVG is sanitised."""
    if classify_id is None:
        classification = await _uncategorised(session, actor)
    else:
        classification = await _own_classification(session, actor, classify_id, "classify_id")
    picture_name = _picture_name(name)
    await _check_picture_name(session, actor, classification.id, picture_name)
    is_svg = svg.looks_like_svg(data)
    if images.sniff(data) is None and not (is_svg and use in SVG_IMAGE_USES):
        raise AppError(ErrorCode.IMAGE_TYPE_INVALID, field="file")
    if len(data) > IMAGE_USE_MAX_BYTES[use]:
        raise AppError(ErrorCode.IMAGE_TOO_LARGE, field="file", size=IMAGE_SIZE_TEXT[use])
    if is_svg:
        facts, data = await images.in_decoder(_svg_image, data)
    else:
        judged = await images.in_decoder(images.judge, data)
        facts, data = judged.facts, judged.data
    await _claim_gallery(session, actor, len(data), "file")
    row = GalleryImage(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        classify_id=classification.id,
        name=picture_name,
        file_key=secrets.token_urlsafe(24),
        ext=facts.ext,
        content_type=facts.content_type,
        size_bytes=len(data),
        width=facts.width,
        height=facts.height,
        use=use,
    )
    session.add(row)
    await _flush_unique(session, ErrorCode.PICTURE_NAME_EXISTS)
    await storage.write(session, root, row.file_key, row.ext, data)
    return image_out(row)


async def update_image(session: AsyncSession, actor: Actor, body: ImageUpdateIn) -> ImageOut:
    """Rename an image of the caller's, move it to another of their classifications, or both; its URL stays."""
    row = await _own_image(session, actor, body.id)
    target = row.classify_id
    if body.classify_id is not None and body.classify_id != row.classify_id:
        target = (await _own_classification(session, actor, body.classify_id, "classify_id")).id
    name = body.name if body.name is not None else row.name
    await _check_picture_name(session, actor, target, name, exclude=row.id)
    row.name, row.classify_id = name, target
    await _flush_unique(session, ErrorCode.PICTURE_NAME_EXISTS)
    return image_out(row)


async def delete_image(session: AsyncSession, actor: Actor, root: Path, image_id: int) -> None:
    """Delete an image of the caller's that no screen of the tenant shows, and its bytes."""
    row = await _own_image(session, actor, image_id)
    key, ext = row.file_key, row.ext
    if await screen_service.image_in_use(
        session, actor.tenant_id, key, lambda text: storage.names_file(text, key, ext)
    ):
        raise AppError(ErrorCode.RESOURCE_IN_USE)
    storage.remove_on_commit(session, root, row.file_key, row.ext)
    await session.delete(row)
    await session.flush()


async def file_of(root: Path, session: AsyncSession, file_name: str) -> tuple[Path, str]:
    """The stored file and content type behind a served file name (114001 for any name that is not an image's)."""
    match = storage.FILE_NAME_RE.fullmatch(file_name)
    row = await repo.image_by_key(session, match.group(1)) if match else None
    if match is None or row is None or row.ext != match.group(2):
        raise AppError(ErrorCode.RESOURCE_NOT_FOUND)
    if row.system_key is not None:
        path = system_gallery.path_of(row.system_key)
    else:
        path = storage.path_of(root, row.file_key, row.ext)
    if not path.is_file():
        raise AppError(ErrorCode.RESOURCE_NOT_FOUND)
    return path, row.content_type


# --- 3D models -------------------------------------------------------------------------------------------------


def model_out(row: GalleryModel) -> ModelOut:
    files = [
        ModelFileOut(
            name=str(f["name"]), size_bytes=int(str(f["size"])), url=storage.model_url_of(row.file_key, str(f["name"]))
        )
        for f in row.files
    ]
    return ModelOut(
        id=row.id,
        name=row.name,
        classify_id=row.classify_id,
        url=storage.model_url_of(row.file_key, row.gltf_name),
        files=files,
        size_bytes=row.size_bytes,
        created_at=epoch_ms(row.created_at) or 0,
    )


async def _model_classification(session: AsyncSession, actor: Actor, classify_id: int) -> GalleryClassify:
    """One of the caller's own classifications to hold a model (114505; a system one 114510)."""
    row = await repo.classification(session, actor.tenant_id, classify_id)
    if row is None or not (row.is_system or row.owner_id == actor.user_id):
        raise AppError(ErrorCode.MODEL_CLASSIFY_NOT_FOUND, field="classify_id")
    if row.is_system:
        raise AppError(ErrorCode.SYSTEM_RESOURCE_READONLY, field="classify_id")
    return row


def _model_name(raw: str) -> str:
    try:
        return _MODEL_NAME.validate_python(raw)
    except ValidationError as exc:
        raise rule_app_error(exc, ErrorCode.MODEL_NAME_EMPTY, field="name") from exc


async def list_models(
    session: AsyncSession, actor: Actor, params: PageParams, *, classify_id: int | None, name: str
) -> Page[ModelOut]:
    """One page of the caller's 3D models, of one of their classifications or all, searched by name."""
    if classify_id is not None:
        row = await repo.classification(session, actor.tenant_id, classify_id)
        if row is None or not (row.is_system or row.owner_id == actor.user_id):
            raise AppError(ErrorCode.MODEL_CLASSIFY_NOT_FOUND, field="classify_id")
    stmt = repo.models(actor.tenant_id, actor.user_id, classify_id=classify_id, name=name.strip())
    rows, total = await paginate(session, stmt, params)
    return Page(items=[model_out(r) for r in rows], total=total, page=params.page, page_size=params.page_size)


async def upload_model(
    session: AsyncSession,
    actor: Actor,
    root: Path,
    *,
    name: str,
    classify_id: int,
    uploaded: list[tuple[str, bytes]],
) -> ModelOut:
    """Store a 3D model, its .gltf and the files it names, in one of the caller's classifications. In order: the
    classification (114505 / 114510), the name (114502-114504), the files (gltf.check_files: 114014-114019,
    114509, 114512, naming the file at fault), the owner's gallery_mb quota (114012)."""
    classification = await _model_classification(session, actor, classify_id)
    model_name = _model_name(name)
    if await repo.model_named(session, actor.tenant_id, classification.id, model_name) is not None:
        raise AppError(ErrorCode.MODEL_NAME_EXISTS, field="name")
    files = await images.in_decoder(gltf.check_files, uploaded)
    total = sum(len(f.data) for f in files)
    await _claim_gallery(session, actor, total, "files")
    row = GalleryModel(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        classify_id=classification.id,
        name=model_name,
        file_key=secrets.token_urlsafe(24),
        gltf_name=files[0].name,
        files=[{"name": f.name, "ext": f.ext, "size": len(f.data)} for f in files],
        size_bytes=total,
    )
    session.add(row)
    await _flush_unique(session, ErrorCode.MODEL_NAME_EXISTS)
    await storage.write_model(session, root, row.file_key, [(f.ext, f.data) for f in files])
    return model_out(row)


async def _own_model(session: AsyncSession, actor: Actor, model_id: int) -> GalleryModel:
    row = await repo.model(session, actor.tenant_id, model_id)
    if row is None or row.owner_id != actor.user_id:
        raise AppError(ErrorCode.MODEL_NOT_FOUND, field="id")
    return row


async def model_in_use(session: AsyncSession, row: GalleryModel) -> bool:
    """Whether a screen of the model's tenant (as designed or as published) or one of its dashboards shows it."""
    if await screen_service.model_in_use(session, row.tenant_id, row.file_key, row.id):
        return True
    return any(await hooks.model_in_use.call(session, row.tenant_id, row.id))


async def delete_model(session: AsyncSession, actor: Actor, root: Path, model_id: int) -> None:
    """Delete a 3D model of the caller's that no screen or dashboard shows (114508), and its files once the deletion
    commits (its bytes leave the quota)."""
    row = await _own_model(session, actor, model_id)
    if await model_in_use(session, row):
        raise AppError(ErrorCode.MODEL_IN_USE, field="id")
    storage.remove_model_on_commit(session, root, row.file_key)
    await session.delete(row)
    await session.flush()


async def model_file_of(
    root: Path, session: AsyncSession, actor: Actor, file_key: str, file_name: str
) -> tuple[Path, str]:
    """A file of a model of the caller's tenant by the model's key and the file's uploaded name (114501 for anything
    else: another tenant's key, a name the model does not hold)."""
    row = (
        await repo.model_by_key(session, actor.tenant_id, file_key)
        if storage.MODEL_KEY_RE.fullmatch(file_key)
        else None
    )
    if row is None:
        raise AppError(ErrorCode.MODEL_NOT_FOUND)
    return _stored_file(root, row, file_name)


async def shared_model_file(
    root: Path, session: AsyncSession, tenant_id: int, model_id: int, file_name: str
) -> tuple[Path, str]:
    """A file of a model of `tenant_id` by the model's id, for a share link that shows it (sharing checked that);
    114501 for a model or a name it does not hold."""
    row = await repo.model(session, tenant_id, model_id)
    if row is None:
        raise AppError(ErrorCode.MODEL_NOT_FOUND)
    return _stored_file(root, row, file_name)


def _stored_file(root: Path, row: GalleryModel, file_name: str) -> tuple[Path, str]:
    """The stored file of `row` uploaded as `file_name`, with its content type (114501 for a name it lacks)."""
    for index, f in enumerate(row.files):
        if f["name"] == file_name:
            ext = str(f["ext"])
            path = storage.model_file_of(root, row.file_key, index, ext)
            if path.is_file():
                return path, gltf.CONTENT_TYPES[ext]
    raise AppError(ErrorCode.MODEL_NOT_FOUND)


async def _quota_usage(session: AsyncSession, tenant_id: int, user_id: int) -> dict[str, int]:
    """The user's gallery in whole MB, rounded up (their gallery_mb quota)."""
    used = await repo.used_bytes(session, tenant_id, user_id)
    return {"gallery_mb": -(-used // MB)}


team_hooks.quota_usage.connect(_quota_usage)
