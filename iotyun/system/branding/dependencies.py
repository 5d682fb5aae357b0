"""Who may change the brand, and where its images' bytes are stored."""

from pathlib import Path
from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm
from iotyun.core.runtime import SettingsDep

# The personalization page's code (SPEC §2 /system/personalization): the tenant's administrator holds it by default.
BrandWriter = Annotated[Actor, Depends(require(Perm.PERSONALIZATION))]


async def _brand_root(settings: SettingsDep) -> Path:
    return settings.data_dir / "brand"


# Where the brand images' bytes are stored (storage.py).
BrandRoot = Annotated[Path, Depends(_brand_root)]
