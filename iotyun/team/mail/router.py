"""HTTP routes of mail recipients (docs/api-mail.md): the tenant's list, a verification sent, the states of
addresses, removal (P61100), and the verification link's anonymous answer (Public: signed, no token)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.auth.dependencies import Public
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.runtime import SettingsDep
from iotyun.team.mail import service
from iotyun.team.mail.dependencies import MailDep, RecipientEditor
from iotyun.team.mail.schemas import (
    AddressStateOut,
    RecipientIn,
    RecipientOut,
    RequestOut,
    StatesIn,
    VerifyIn,
    VerifyOut,
)

router = APIRouter(tags=["mail"])


@router.get("/yun/mail/recipients")
@read_only
async def list_recipients(actor: RecipientEditor, session: SessionDep) -> Envelope[list[RecipientOut]]:
    return ok(await service.list_recipients(session, actor))


@router.post("/yun/mail/recipients")
async def request_verification(
    body: RecipientIn, actor: RecipientEditor, session: SessionDep, settings: SettingsDep, mail: MailDep
) -> Envelope[RequestOut]:
    return ok(await service.request(session, actor, settings, mail, body.address))


@router.post("/yun/mail/recipients/states")
@read_only
async def recipient_states(
    body: StatesIn, actor: RecipientEditor, session: SessionDep
) -> Envelope[list[AddressStateOut]]:
    return ok(await service.states(session, actor, body.emails))


@router.delete("/yun/mail/recipients")
async def remove_recipient(
    recipient_id: Annotated[int, Query(alias="id")], actor: RecipientEditor, session: SessionDep
) -> Envelope[None]:
    await service.remove(session, actor, recipient_id)
    return ok()


@router.post("/yun/mail/verify")
async def verify_address(body: VerifyIn, _: Public, session: SessionDep) -> Envelope[VerifyOut]:
    return ok(await service.verify(session, body.token))
