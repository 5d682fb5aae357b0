"""Request and response models of /yun/mail/recipients and /yun/mail/verify (docs/api-mail.md)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import MAIL_ADDRESS_MAX, MAIL_TOKEN_MAX, REPORT_SCHEDULE_EMAILS_MAX, Email

Address = Annotated[Email, Field(max_length=MAIL_ADDRESS_MAX)]
RecipientState = Literal["pending", "verified"]
AddressState = Literal["user", "verified", "pending", "none"]


class RecipientIn(BaseModel):
    """An address to send a verification to."""

    address: Address


class RecipientOut(BaseModel):
    """`expired`: a pending verification whose link can no longer be used (send a new one)."""

    id: int
    address: str
    state: RecipientState
    requested_by: str | None
    requested_at: int
    verified_at: int | None
    expired: bool


class RequestOut(BaseModel):
    """What asking for a verification did: `sent` when a mail went out; no mail for an address already allowed
    (`state` user or verified)."""

    address: str
    state: AddressState
    sent: bool


class StatesIn(BaseModel):
    emails: list[Annotated[str, Field(max_length=MAIL_ADDRESS_MAX)]] = Field([], max_length=REPORT_SCHEDULE_EMAILS_MAX)


class AddressStateOut(BaseModel):
    address: str
    state: AddressState


class VerifyIn(BaseModel):
    token: str = Field(min_length=1, max_length=MAIL_TOKEN_MAX)


class VerifyOut(BaseModel):
    address: str
    state: RecipientState
