"""System models exchanged with the console."""

from typing import Any

from pydantic import BaseModel


class CustomPageOut(BaseModel):
    custom_page_name: str
    custom_page_json: dict[str, Any] | None
