"""The system gallery's images: PNG files shipped in `resources/shipped/` (drawn once by `resources/system_art.py`),
one read-only row per tenant and image, made with the tenant's system classifications on its first read of the
gallery. Their names are core/texts.py `name.gallery_image.<key>`, shown in the reader's language; their bytes are
served from the package, never copied into the data dir."""

import secrets
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.texts import TEXTS, is_english
from iotyun.resources import repository as repo
from iotyun.resources.images import ImageFacts, judge
from iotyun.resources.models import GalleryImage

SHIPPED_DIR = Path(__file__).parent / "shipped"


@dataclass(frozen=True, slots=True)
class SystemImage:
    key: str
    # The system classification it sits in (service.SYSTEM_CLASSIFICATIONS).
    classify: str
    use: str


# In the order the gallery shows them.
SYSTEM_IMAGES: tuple[SystemImage, ...] = (
    *(
        SystemImage(key, "backgrounds", "background")
        for key in (
            "bg_tech_blue",
            "bg_tech_frame",
            "bg_deep_navy",
            "bg_blueprint",
            "bg_dot_matrix",
            "bg_slate",
            "bg_teal",
            "bg_light_grid",
            "bg_light_blue",
            "bg_plant_floor",
        )
    ),
    *(SystemImage(key, "equipment", "image") for key in ("eq_tank", "eq_pump", "eq_valve", "eq_motor", "eq_fan")),
    *(SystemImage(key, "icons", "icon") for key in ("icon_run", "icon_warning", "icon_fault")),
    *(SystemImage(key, "buttons", "icon") for key in ("btn_start", "btn_stop")),
)
BY_KEY = {image.key: image for image in SYSTEM_IMAGES}


def path_of(key: str) -> Path:
    return SHIPPED_DIR / f"{key}.png"


@cache
def facts_of(key: str) -> tuple[ImageFacts, int]:
    """A shipped image's type and size in pixels, and its size in bytes."""
    data = path_of(key).read_bytes()
    return judge(data).facts, len(data)  # the shipped files are checked by tests/resources/test_system_gallery.py


def text_key(key: str) -> str:
    return f"name.gallery_image.{key}"


def keys_named(name: str) -> frozenset[str]:
    """The system images whose name, in the caller's language, contains `name` (case aside)."""
    wanted = name.casefold()
    index = 1 if is_english() else 0
    return frozenset(i.key for i in SYSTEM_IMAGES if wanted in TEXTS[text_key(i.key)][index].casefold())


async def ensure_system_images(session: AsyncSession, tenant_id: int, classify_ids: dict[str, int]) -> None:
    """The tenant's rows of the shipped images, made on first use; `classify_ids` maps each system classification's
    key to the tenant's row of it."""
    have = await repo.system_image_keys(session, tenant_id)
    for image in SYSTEM_IMAGES:
        if image.key in have:
            continue
        facts, size = facts_of(image.key)
        try:
            async with session.begin_nested():
                session.add(
                    GalleryImage(
                        tenant_id=tenant_id,
                        classify_id=classify_ids[image.classify],
                        name=image.key,
                        file_key=secrets.token_urlsafe(24),
                        ext=facts.ext,
                        content_type=facts.content_type,
                        size_bytes=size,
                        width=facts.width,
                        height=facts.height,
                        use=image.use,
                        is_system=True,
                        system_key=image.key,
                    )
                )
        except IntegrityError:
            # A concurrent request made it first (unique classify_id + name).
            continue
