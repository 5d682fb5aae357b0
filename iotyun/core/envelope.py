"""The response envelope every JSON answer wears: {"meta": {success, message, detail, ...}, "data": ...}."""

from typing import Any, Generic, TypeVar

from fastapi.responses import ORJSONResponse, Response
from pydantic import BaseModel

from iotyun.core.context import lang_var, request_id_var
from iotyun.core.errors import ErrorCode, text

T = TypeVar("T")


class Meta(BaseModel):
    success: int
    message: str
    detail: str
    field: str | None = None
    request_id: str | None = None


class Envelope(BaseModel, Generic[T]):
    meta: Meta
    data: T | None = None


def ok(data: T | None = None) -> Envelope[T]:
    """Wrap a successful result."""
    return Envelope[T](
        meta=Meta(
            success=1,
            message=str(int(ErrorCode.SUCCESS)),
            detail=text(ErrorCode.SUCCESS, lang_var.get()),
            request_id=request_id_var.get(),
        ),
        data=data,
    )


def ok_json(data: BaseModel) -> Response:
    """A successful answer serialized once by pydantic's own serializer, for large lists: returning a Response
    skips FastAPI's second validation of the return value (the route keeps its response_model for the docs)."""
    return Response(ok(data).model_dump_json(), media_type="application/json")


def ok_raw(data: bytes) -> Response:
    """A successful answer around `data`, JSON already made (a cached answer): only the meta is serialized."""
    meta = ok().meta.model_dump_json().encode()
    return Response(b'{"meta":' + meta + b',"data":' + data + b"}", media_type="application/json")


def error_body(code: int, *, field: str | None = None, **params: Any) -> dict[str, Any]:
    detail = text(code, lang_var.get(), field=field or "", **params)
    return {
        "meta": {
            "success": 0,
            "message": str(int(code)),
            "detail": detail,
            "field": field,
            "request_id": request_id_var.get(),
        },
        "data": None,
    }


def error_response(code: int, *, status: int = 200, field: str | None = None, **params: Any) -> ORJSONResponse:
    return ORJSONResponse(error_body(code, field=field, **params), status_code=status)
