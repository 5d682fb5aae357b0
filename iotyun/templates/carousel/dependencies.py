"""Carousel permission types (SPEC §2 /configurationCarousel)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

CarouselUser = Annotated[Actor, Depends(require(Perm.CAROUSEL))]
