"""Gallery permission types: the designer and the screens that show images read it; only the designer writes."""

from pathlib import Path
from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm
from iotyun.core.runtime import SettingsDep

# Who designs screens or watches them (the monitor, the carousel, centralized monitoring).
GalleryReader = Annotated[
    Actor,
    Depends(require(Perm.TEMPLATE_DESIGN, Perm.TEMPLATE, Perm.CONFIGURE_MONITOR, Perm.CAROUSEL, Perm.MONITORING_CHECK)),
]
# Uploads, renames, moves and deletions: the screen designer's own code.
GalleryWriter = Annotated[Actor, Depends(require(Perm.TEMPLATE_DESIGN))]


async def _gallery_root(settings: SettingsDep) -> Path:
    return settings.data_dir / "gallery"


# Where the images' bytes are stored (resources/storage.py).
GalleryRoot = Annotated[Path, Depends(_gallery_root)]
