"""Flow card (SIM) providers: who tells the console a card's package, flow and operator state, and who activates it.

The console runs without internet by default, so the `local` provider keeps each card's book itself (package,
dates, totals entered by the owner; used flow reported by the gateway). `webhook` hands the two questions to an
operator integration at IOTYUN_FLOWCARD_URL. docs/operations.md describes both.
"""

from datetime import date
from typing import Protocol

import httpx
from pydantic import BaseModel, ValidationError

from iotyun.core.config import Settings
from iotyun.core.db import epoch_ms
from iotyun.devices.models import FlowCard
from iotyun.devices.schemas import FlowCardOut

WEBHOOK_TIMEOUT_S = 10


class CardFacts(BaseModel):
    """What a provider knows about a card; a field left None keeps the console's own value."""

    package_name: str | None = None
    effective_date: date | None = None
    expiry_date: date | None = None
    total_mb: float | None = None
    used_mb: float | None = None
    warning_mb: float | None = None
    status: str | None = None
    operator_state: str | None = None


class ProviderUnavailable(Exception):
    """The provider could not answer (network, HTTP status, malformed answer)."""


class ActivationUnsupported(Exception):
    """The configured provider cannot activate cards."""


class FlowCardProvider(Protocol):
    name: str

    async def query(self, iccid: str) -> CardFacts | None: ...

    async def activate(self, iccid: str) -> None: ...


class LocalProvider:
    """The console's own book: nothing to ask, and activation is recorded as the owner's statement."""

    name = "local"

    async def query(self, iccid: str) -> CardFacts | None:
        return None

    async def activate(self, iccid: str) -> None:
        return None


class WebhookProvider:
    """POSTs {action: query|activate, iccid} to the configured URL and reads CardFacts JSON back."""

    name = "webhook"

    def __init__(self, url: str, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.url = url
        self.transport = transport

    async def _call(self, action: str, iccid: str) -> CardFacts:
        if not self.url:
            raise ActivationUnsupported
        try:
            async with httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT_S, transport=self.transport) as client:
                resp = await client.post(self.url, json={"action": action, "iccid": iccid})
                resp.raise_for_status()
                return CardFacts.model_validate(resp.json())
        except (httpx.HTTPError, ValueError, ValidationError) as exc:
            raise ProviderUnavailable(str(exc)) from exc

    async def query(self, iccid: str) -> CardFacts | None:
        if not self.url:
            return None
        return await self._call("query", iccid)

    async def activate(self, iccid: str) -> None:
        await self._call("activate", iccid)


# Tests (and a future operator integration) may install a transport for the webhook provider.
webhook_transport: httpx.AsyncBaseTransport | None = None


def provider_for(settings: Settings) -> FlowCardProvider:
    """The provider IOTYUN_FLOWCARD_PROVIDER names (local unless "webhook")."""
    if settings.flowcard_provider.lower() == "webhook":
        return WebhookProvider(settings.flowcard_url, webhook_transport)
    return LocalProvider()


def derive_status(card: FlowCard, today: date) -> str:
    """SPEC §4 card status from the book: expired or used up → shutdown, else normal."""
    if card.expiry_date is not None and card.expiry_date < today:
        return "shutdown"
    if card.total_mb > 0 and card.used_mb >= card.total_mb:
        return "shutdown"
    return "normal"


def card_out(card: FlowCard, provider: str) -> FlowCardOut:
    """FlowCardOut of a stored card."""
    remaining = max(card.total_mb - card.used_mb, 0.0)
    return FlowCardOut(
        iccid=card.iccid,
        package_name=card.package_name,
        effective_date=card.effective_date,
        expiry_date=card.expiry_date,
        total_mb=card.total_mb,
        used_mb=card.used_mb,
        remaining_mb=remaining,
        warning_mb=card.warning_mb,
        warning=card.warning_mb > 0 and remaining <= card.warning_mb,
        status=card.status,
        operator_state=card.operator_state,
        provider=provider,
        refreshed_at=epoch_ms(card.refreshed_at),
        suspect_mb=card.suspect_mb,
        suspect_at=epoch_ms(card.suspect_at),
    )
