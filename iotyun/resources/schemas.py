"""Request and response models of /yun/resourcesClassify and /yun/resourcesInfo."""

from pydantic import BaseModel

from iotyun.core.limits import ClassifyName, PictureName


class ClassifyIn(BaseModel):
    name: ClassifyName


class ClassifyUpdateIn(BaseModel):
    id: int
    name: ClassifyName


class ClassifyOut(BaseModel):
    id: int
    # A system classification's name is in the reader's language.
    name: str
    is_system: bool
    # The uploader's uncategorised bucket (an upload that names no classification lands there); shown first.
    uncategorised: bool = False
    sort: int
    # Images the caller sees in it.
    image_count: int
    # The caller's 3D models in it (none in a system one).
    model_count: int
    created_at: int


class ImageOut(BaseModel):
    id: int
    name: str
    classify_id: int
    # What a screen document stores: the image's bytes, readable without a token (docs/decisions.md).
    url: str
    size_bytes: int
    content_type: str
    width: int
    height: int
    use: str
    is_system: bool
    created_at: int


class ImageUpdateIn(BaseModel):
    """Rename, move to another of the caller's classifications, or both; a field left out stays."""

    id: int
    name: PictureName | None = None
    classify_id: int | None = None


class GalleryUsageOut(BaseModel):
    used_bytes: int
    # The caller's gallery_mb quota in bytes; None: unlimited.
    quota_bytes: int | None


class ModelFileOut(BaseModel):
    name: str
    size_bytes: int
    url: str


class ModelOut(BaseModel):
    """A 3D model: `url` is its .gltf's, whose relative uris resolve to its other files beside it."""

    id: int
    name: str
    classify_id: int
    url: str
    # The .gltf first, then the buffers and textures as uploaded.
    files: list[ModelFileOut]
    size_bytes: int
    created_at: int
