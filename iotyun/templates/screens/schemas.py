"""Request and response models of template screens and their design documents (docs/api-templates.md)."""

from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, ValidationInfo, ValidatorFunctionWrapHandler, field_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.limits import SCREEN_SCHEMA_VERSION, ScreenName, rule_error
from iotyun.core.texts import ShownName
from iotyun.templates.screens import document as doc
from iotyun.templates.screens.document import ScreenDocument

ScreenKind = Literal["web", "mobile"]


class ScreenIn(BaseModel):
    template_id: int
    kind: ScreenKind
    name: ScreenName


class ScreenUpdateIn(BaseModel):
    id: int
    name: ScreenName | None = None
    is_main: bool | None = None


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


class ScreenDesignIn(BaseModel):
    id: int
    # The document's own schema_version wins; this one names the version of a document that says none.
    schema_version: int = Field(default=SCREEN_SCHEMA_VERSION, ge=1)
    document: ScreenDocument

    @field_validator("document", mode="wrap")
    @classmethod
    def _document(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> ScreenDocument:
        """An object (115207) of at most 2 MB (115208) and of a version this server reads (115211), upgraded to the
        current schema when older, then held to it."""
        if not isinstance(value, dict):
            raise rule_error(ErrorCode.SCREEN_CONTENT_INVALID, "document")
        if doc.too_large(value):
            raise rule_error(ErrorCode.SCREEN_CONTENT_TOO_LARGE, "document")
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
        return document


class ScreenDesignOut(ScreenOut):
    document: ScreenDocument
