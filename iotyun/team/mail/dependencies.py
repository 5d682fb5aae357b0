"""Access markers of mail recipients: whoever sets report schedules (P61100) manages the tenant's recipients; the
verification link is opened without an account (Public: signed)."""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.auth.dependencies import require
from iotyun.auth.senders import MailSender
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

RecipientEditor = Annotated[Actor, Depends(require(Perm.DESIGN_CHART))]


async def _mail(request: Request) -> MailSender:
    sender: MailSender = request.app.state.mail_sender
    return sender


MailDep = Annotated[MailSender, Depends(_mail)]
