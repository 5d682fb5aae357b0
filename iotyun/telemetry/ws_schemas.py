"""The live channel's messages (docs/api-telemetry.md "WebSocket"): every frame either way, as Pydantic models.

A server frame carries `type`, a client frame `op`; each side is one discriminated union on that field, and both go
into the OpenAPI components (`document`) so the console's api.gen.ts carries them. The server builds every frame it
sends from these models; the values event of the ingest hot path is built by `values_event` without validation."""

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, Field, RootModel

from iotyun.alarms.schemas import AlarmOut

# A raw value as a gateway reports it: bool before int, so a bit stays a bit.
RawValue = bool | int | float | str | None


class _Message(BaseModel):
    # `type` has a default, yet is always sent: the schema marks it required.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class LiveValue(BaseModel):
    """One value of a data source: `v` value, `ts` epoch ms, `q` quality (0 good, 1 bad, 2 stale)."""

    id: int
    v: RawValue
    ts: int
    q: int


class ReadyMessage(_Message):
    """The token of the first frame was accepted: the client may subscribe."""

    type: Literal["ready"] = "ready"
    user_id: int


class SnapshotMessage(_Message):
    """A subscription's first answer: the device's state and its latest values (those asked for)."""

    type: Literal["snapshot"] = "snapshot"
    device_id: int
    dev_state: int
    values: list[LiveValue]


class ValuesMessage(_Message):
    """Values a gateway reported (of the data sources the subscription asked for)."""

    type: Literal["values"] = "values"
    device_id: int
    values: list[LiveValue]


class StateMessage(_Message):
    """The device's gateway went online or offline at `ts`."""

    type: Literal["state"] = "state"
    device_id: int
    dev_state: int
    ts: int


class AlarmMessage(_Message):
    """An alarm produced, recovered or confirmed, with the fields of the REST lists."""

    type: Literal["alarm"] = "alarm"
    alarm: AlarmOut


class InboxMessage(_Message):
    """The user's inbox changed (a message arrived, or was read or deleted in another tab): read the counts again
    (GET /yun/messageCenter/receive). Sent to sockets that subscribed with `messages`."""

    type: Literal["message"] = "message"


class BrandMessage(_Message):
    """The tenant's brand was saved or reset (docs/api-system.md "Personalization and white label"): read it again
    (GET /yun/individuation). Sent to every console socket of the tenant, whatever it subscribed to."""

    type: Literal["brand"] = "brand"
    version: int


def _may_be_absent(*names: str) -> Callable[[dict[str, Any]], None]:
    """A json_schema_extra that shows `names` as fields a frame may leave out (no default, not null), so api.gen.ts
    types them `name?: T`; the discriminator stays required."""

    def edit(schema: dict[str, Any]) -> None:
        properties = schema["properties"]
        for name in names:
            field = properties[name]
            field.pop("default", None)
            present = [choice for choice in field.pop("anyOf", []) if choice.get("type") != "null"]
            field.update(present[0] if present else {})
        schema["required"] = [name for name in properties if name not in names]

    return edit


class ErrorMessage(BaseModel):
    """A refused frame or subscription, or one the server ended: about a device (`device_id`), about alarm pushes
    (`alarms`), or about the frame itself (neither). What does not apply is left out of the frame."""

    model_config = ConfigDict(json_schema_extra=_may_be_absent("device_id", "alarms", "messages"))

    type: Literal["error"] = "error"
    code: int
    device_id: int | None = Field(default=None, exclude_if=lambda v: v is None)
    alarms: bool | None = Field(default=None, exclude_if=lambda v: v is None)
    messages: bool | None = Field(default=None, exclude_if=lambda v: v is None)


class PongMessage(_Message):
    """The answer to a ping, with the server's clock."""

    type: Literal["pong"] = "pong"
    ts: int


RtdMessage = RootModel[
    Annotated[
        ReadyMessage
        | SnapshotMessage
        | ValuesMessage
        | StateMessage
        | AlarmMessage
        | InboxMessage
        | BrandMessage
        | ErrorMessage
        | PongMessage,
        Field(discriminator="type"),
    ]
]


class AuthRequest(BaseModel):
    """The first frame: the session token (never in the URL)."""

    op: Literal["auth"]
    token: str


class SubRequest(BaseModel):
    """Subscribe to devices' values and states (all data sources, or `sources`), and/or to alarm pushes, and/or to
    the user's inbox changes (`messages`)."""

    model_config = ConfigDict(json_schema_extra=_may_be_absent("devices", "sources", "alarms", "messages"))

    op: Literal["sub"]
    devices: list[int] = []
    sources: list[int] = []
    alarms: bool = False
    messages: bool = False


class UnsubRequest(BaseModel):
    """Stop a device's values and states."""

    op: Literal["unsub"]
    devices: list[int]


class PingRequest(BaseModel):
    """Keeps the connection alive; answered with a pong."""

    op: Literal["ping"]


RtdRequest = RootModel[Annotated[AuthRequest | SubRequest | UnsubRequest | PingRequest, Field(discriminator="op")]]


def encode(message: BaseModel) -> str:
    """A frame as it goes on the wire."""
    return message.model_dump_json(by_alias=True)


def hub_event(message: BaseModel) -> dict[str, Any]:
    """A frame as the hub carries it (a dict, the form Redis brings back)."""
    return message.model_dump(mode="json", by_alias=True)


def values_event(device_id: int, values: list[dict[str, Any]]) -> dict[str, Any]:
    """A `ValuesMessage` for the hub, from values ingest has already checked: built as a dict, not validated again,
    since it runs for every message a gateway sends (a model would cost about 100 times as much)."""
    return {"type": "values", "device_id": device_id, "values": values}


# --- OpenAPI ----------------------------------------------------------------------------------------------------

_REF = "#/components/schemas/{model}"


def _named(name: str, root: type[RootModel[Any]], mode: Literal["validation", "serialization"]) -> dict[str, Any]:
    schema = root.model_json_schema(ref_template=_REF, mode=mode)
    defs: dict[str, Any] = schema.pop("$defs", {})
    schema["title"] = name
    return {**defs, name: schema}


def components() -> dict[str, Any]:
    """The two unions and their members, named as api.gen.ts shows them."""
    return {**_named("RtdMessage", RtdMessage, "serialization"), **_named("RtdRequest", RtdRequest, "validation")}


def document(app: FastAPI) -> None:
    """Add the live channel's messages to the app's OpenAPI components (FastAPI's way of extending the document:
    a replacement `app.openapi` that edits what the default one built, once). A WebSocket has no path there."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = build()
            known = schema.setdefault("components", {}).setdefault("schemas", {})
            for name, definition in components().items():
                if known.setdefault(name, definition) != definition:
                    raise RuntimeError(f"the live message schema {name} differs from the REST one of that name")
        return app.openapi_schema or {}

    app.openapi = openapi  # type: ignore[method-assign]


def pushed_alarm(alarm: AlarmOut) -> dict[str, Any]:
    """An alarm frame for the hub: what the alarm engine pushes, for an alarm written elsewhere (a rule's)."""
    return hub_event(AlarmMessage(alarm=alarm))
