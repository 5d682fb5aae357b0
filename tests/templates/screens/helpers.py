"""Helpers of the screen tests: documents, a template's screens and a save based on the revision last read."""

from typing import Any

from tests.conftest import Api
from tests.templates.factories import ok

VIEW = "/yun/module/view"
DESIGN = "/yun/module/view/design"
DRAFT = "/yun/module/view/draft"
VERSION = "/yun/module/view/version"


def element(**fields: Any) -> dict[str, Any]:
    return {"id": "e1", "type": "value", "placement": {"x": 10, "y": 20, "w": 80, "h": 40}, **fields}


def doc(*elements: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"schema_version": 1, "elements": list(elements), **fields}


async def screens(api: Api, template_id: int, kind: str | None = None) -> list[dict[str, Any]]:
    params: dict[str, object] = {"template_id": template_id}
    if kind:
        params["kind"] = kind
    data: list[dict[str, Any]] = ok(await api.get(VIEW, params=params))
    return data


async def main_screen(api: Api, template_id: int, kind: str = "web") -> dict[str, Any]:
    return (await screens(api, template_id, kind))[0]


async def design(api: Api, screen_id: int) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.get(DESIGN, params={"id": screen_id}))
    return data


async def save(api: Api, screen_id: int, document: dict[str, Any], **body: Any) -> dict[str, Any]:
    """PUT the design based on the revision the screen has now (as an editor that just loaded it)."""
    revision = (await design(api, screen_id))["revision"]
    return await api.put(DESIGN, {"id": screen_id, "revision": revision, "document": document, **body})
