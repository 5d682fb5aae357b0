"""Request and response models of template screens and their design documents (docs/api-templates.md)."""

from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, ValidationInfo, ValidatorFunctionWrapHandler, field_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    SCREEN_DOCUMENT_MAX_MB,
    SCREEN_SCHEMA_VERSION,
    ScreenName,
    ScreenVersionName,
    rule_error,
)
from iotyun.core.texts import ShownName
from iotyun.templates.screens import document as doc
from iotyun.templates.screens.document import ScreenDocument

ScreenKind = Literal["web", "mobile"]


class ScreenIn(BaseModel):
    template_id: int
    kind: ScreenKind
    name: ScreenName
    # The canvas size (a preset of the kind or a custom size in its ranges, 115013); left out, the template's.
    width: int | None = None
    height: int | None = None


class ScreenUpdateIn(BaseModel):
    id: int
    name: ScreenName | None = None
    is_main: BodyBool | None = None
    width: int | None = None
    height: int | None = None


class ScreenCopyIn(BaseModel):
    id: int
    name: ScreenName


class ScreenOrderIn(BaseModel):
    template_id: int
    kind: ScreenKind
    ids: list[int]


class ScreenOut(BaseModel):
    id: int
    template_id: int
    kind: str
    name: ShownName
    is_main: bool
    sort: int
    schema_version: int
    updated_at: int
    # The canvas size: the document's own, else the template's size for the kind.
    width: int
    height: int
    revision: int
    saved_at: int


def _refusal(exc: ValidationError) -> Exception:
    """The first problem of a document as a rule error: its own code where a rule has one, else 115207; the field
    is the problem's place in the document ("document.elements.3.flicker.flickerFrequency")."""
    first = exc.errors()[0]
    ctx = first.get("ctx") or {}
    field = ".".join(["document", *(str(p) for p in first.get("loc", ()))])
    if first.get("type") == "app_rule":
        values = {k: v for k, v in ctx.items() if k not in ("code", "field")}
        return rule_error(ErrorCode(int(ctx["code"])), field, **values)
    return rule_error(ErrorCode.SCREEN_CONTENT_INVALID, field)


def _object_within_limit(value: Any) -> dict[str, Any]:
    """A document's shape and size: a JSON object (115207) of at most 2 MB (115208)."""
    if not isinstance(value, dict):
        raise rule_error(ErrorCode.SCREEN_CONTENT_INVALID, "document")
    if doc.too_large(value):
        raise rule_error(ErrorCode.SCREEN_CONTENT_TOO_LARGE, "document", size=SCREEN_DOCUMENT_MAX_MB)
    return value


class ScreenDesignIn(BaseModel):
    id: int
    # The revision the edited document was loaded at: a save based on a replaced one is refused (115020) unless
    # `overwrite` says the editor chose to replace the other save knowingly.
    revision: int = Field(ge=0)
    overwrite: BodyBool = False
    # The document's own schema_version wins; this one names the version of a document that says none.
    schema_version: int = Field(default=SCREEN_SCHEMA_VERSION, ge=1)
    document: ScreenDocument

    @field_validator("document", mode="wrap")
    @classmethod
    def _document(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> ScreenDocument:
        """An object (115207) of at most 2 MB (115208) and of a version this server reads (115211), upgraded to the
        current schema when older, then held to it: its ids unique, its groups known, its pipes attached to elements of
        the document other than themselves (115225-115227)."""
        _object_within_limit(value)
        version = doc.version_of(value, info.data.get("schema_version", SCREEN_SCHEMA_VERSION))
        if version > SCREEN_SCHEMA_VERSION:
            raise rule_error(ErrorCode.SCREEN_SCHEMA_VERSION_UNSUPPORTED, "document.schema_version", version=version)
        if version < SCREEN_SCHEMA_VERSION:
            return doc.upgrade({**value, "schema_version": version})
        try:
            document: ScreenDocument = handler(value)
        except ValidationError as exc:
            raise _refusal(exc) from None
        if problems := doc.references(document):
            raise rule_error(ErrorCode.SCREEN_CONTENT_INVALID, f"document.{problems[0]}")
        if wrong := doc.attachments(document):
            raise rule_error(wrong[0], f"document.{wrong[1]}")
        return document


class ScreenDesignOut(ScreenOut):
    document: ScreenDocument


class RuntimeScreenOut(BaseModel):
    """A screen as a device shows it at runtime: as its template's latest publication froze it."""

    id: int
    kind: str
    name: ShownName
    is_main: bool
    sort: int
    # The canvas size: the document's own, else the template's size for the kind.
    width: int
    height: int
    document: ScreenDocument


class ScreenThumbnailOut(BaseModel):
    """A template's thumbnail: its main web screen, or its main mobile screen when only that one has elements."""

    template_id: int
    screen_id: int
    kind: str
    name: ShownName
    # The canvas size: the document's own, else the template's size for the kind.
    width: int
    height: int
    document: ScreenDocument


# --- drafts and versions ---------------------------------------------------------------------------------------


class DraftIn(BaseModel):
    """The designer's unsaved document: held to its shape and size only, so that no work is lost to a rule."""

    id: int
    revision: int = Field(ge=0)
    document: dict[str, Any]

    @field_validator("document", mode="before")
    @classmethod
    def _document(cls, value: Any) -> dict[str, Any]:
        return _object_within_limit(value)


class DraftOut(BaseModel):
    screen_id: int
    revision: int
    document: dict[str, Any]
    updated_at: int


class VersionIn(BaseModel):
    id: int
    name: ScreenVersionName


class VersionOut(BaseModel):
    id: int
    screen_id: int
    # Null for an automatic version (kept before a restore).
    name: str | None
    revision: int
    element_count: int
    # The name of the user who made it.
    created_by: str
    created_at: int


class VersionDesignOut(VersionOut):
    """A version with its document (upgraded to the current schema), for a look before a restore."""

    document: ScreenDocument


class VersionRestoreIn(BaseModel):
    id: int


class StateTextOut(BaseModel):
    """A word a published screen shows for a data source's value (issue 30 point 7: key values read 运行 / 停止, not
    1 / 0): `min` == `max` an exact value (a switch's on and off values), else the range min ≤ value < max of a
    state with a text (a missing bound unbounded)."""

    min: float | None
    max: float | None
    text: str
