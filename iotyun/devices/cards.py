"""Flow card rules: binding a card to a device (one device per card), its book, refreshing it from the configured
provider and activating it. The owner manages a device's card; every reader sees it."""

from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import Settings
from iotyun.core.db import utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import FLOW_CARD_TEST_MB
from iotyun.devices import flowcards, flowsamples, scope
from iotyun.devices import repository as repo
from iotyun.devices import service as device_service
from iotyun.devices.models import Device, FlowCard
from iotyun.devices.schemas import CardBindIn, CardBookIn, FlowCardOut


async def _owned(session: AsyncSession, actor: Actor, device_id: int) -> Device:
    return await device_service.owned_device(session, actor, device_id, ErrorCode.NO_CANCEL_RIGHT)


async def _card(session: AsyncSession, device_id: int) -> FlowCard:
    card = await repo.flow_card(session, device_id)
    if card is None:
        raise AppError(ErrorCode.FLOW_CARD_NOT_BOUND, field="device_id")
    return card


def _today() -> datetime:
    return datetime.now(UTC)


async def bind(session: AsyncSession, settings: Settings, actor: Actor, body: CardBindIn) -> FlowCardOut:
    """Bind a card to a device the caller owns (replacing its current card); a card serves one device."""
    device = await _owned(session, actor, body.device_id)
    other = await repo.flow_card_by_iccid(session, body.iccid)
    if other is not None and other.device_id != device.id:
        raise AppError(ErrorCode.FLOW_CARD_BOUND, field="iccid")
    card = await repo.flow_card(session, device.id)
    if card is None or card.iccid != body.iccid:
        if card is not None:
            await session.delete(card)
            await session.flush()
        # SPEC §9: a new card starts in the operator's test period with 6 MB of test flow.
        card = FlowCard(
            tenant_id=device.tenant_id,
            device_id=device.id,
            iccid=body.iccid,
            total_mb=FLOW_CARD_TEST_MB,
            operator_state="test",
        )
        session.add(card)
        await session.flush()
        await device_service.write_log(session, actor.tenant_id, device, "card_bind", actor, {"iccid": body.iccid})
    return flowcards.card_out(card, flowcards.provider_for(settings).name)


async def unbind(session: AsyncSession, actor: Actor, device_id: int) -> None:
    """Remove the device's card (110542 when it has none)."""
    device = await _owned(session, actor, device_id)
    card = await _card(session, device.id)
    iccid = card.iccid
    await session.delete(card)
    await session.flush()
    await device_service.write_log(session, actor.tenant_id, device, "card_unbind", actor, {"iccid": iccid})


async def info(
    session: AsyncSession, settings: Settings, actor: Actor, device_id: int, *, refresh: bool = False
) -> FlowCardOut:
    """The card of a readable device; with `refresh` the provider is asked first."""
    if await scope.readable_device(session, actor, device_id) is None:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    card = await _card(session, device_id)
    if refresh:
        await refresh_card(session, settings, card)
    return flowcards.card_out(card, flowcards.provider_for(settings).name)


async def refresh_card(session: AsyncSession, settings: Settings, card: FlowCard) -> None:
    """Ask the provider about the card and keep what it says (110546 when it cannot answer); the owner's refresh and
    the platform operator's query (operations) both."""
    provider = flowcards.provider_for(settings)
    try:
        facts = await provider.query(card.iccid)
    except flowcards.ProviderUnavailable as exc:
        raise AppError(ErrorCode.FLOW_CARD_QUERY_FAILED) from exc
    if facts is not None:
        renewal = flowsamples.renewed(card.effective_date, facts.effective_date)
        for name, value in facts.model_dump(exclude_none=True, exclude={"used_mb"}).items():
            setattr(card, name, value)
        if renewal or facts.used_mb is not None:
            flowsamples.set_used(session, card, facts.used_mb or 0.0, renewal=renewal)
    if facts is None or facts.status is None:
        card.status = flowcards.derive_status(card, _today().date())
    card.refreshed_at = utcnow()
    await session.flush()


async def book(session: AsyncSession, settings: Settings, actor: Actor, body: CardBookIn) -> FlowCardOut:
    """The owner enters the card's package (the local provider's book)."""
    device = await _owned(session, actor, body.device_id)
    card = await _card(session, device.id)
    if body.effective_date and body.expiry_date and body.expiry_date < body.effective_date:
        raise AppError(ErrorCode.PARAM_INVALID, field="expiry_date")
    renewal = flowsamples.renewed(card.effective_date, body.effective_date)
    card.package_name = body.package_name
    card.effective_date = body.effective_date
    card.expiry_date = body.expiry_date
    card.total_mb = body.total_mb
    card.warning_mb = body.warning_mb
    if renewal or body.used_mb is not None:
        # A later effective date starts a new package: its counter restarts (from the figure given, else 0).
        flowsamples.set_used(session, card, body.used_mb or 0.0, renewal=renewal)
    card.status = flowcards.derive_status(card, _today().date())
    await session.flush()
    return flowcards.card_out(card, flowcards.provider_for(settings).name)


async def activate(session: AsyncSession, settings: Settings, actor: Actor, device_id: int) -> FlowCardOut:
    """Ask the provider to activate the card: operator state becomes activated."""
    device = await _owned(session, actor, device_id)
    card = await _card(session, device.id)
    await activate_card(session, settings, card)
    await device_service.write_log(session, actor.tenant_id, device, "card_activate", actor, {"iccid": card.iccid})
    return flowcards.card_out(card, flowcards.provider_for(settings).name)


async def activate_card(session: AsyncSession, settings: Settings, card: FlowCard) -> None:
    """The provider activates the card: its operator state becomes activated (110545 no provider that can, 110544
    the provider failed)."""
    provider = flowcards.provider_for(settings)
    try:
        await provider.activate(card.iccid)
    except flowcards.ActivationUnsupported as exc:
        raise AppError(ErrorCode.FLOW_CARD_OPERATOR_NOT_CONFIGURED) from exc
    except flowcards.ProviderUnavailable as exc:
        raise AppError(ErrorCode.FLOW_CARD_ACTIVATE_FAILED) from exc
    card.operator_state = "activated"
    # A card takes effect when activated, unless its book already says when.
    card.effective_date = card.effective_date or utcnow().date()
    await session.flush()
