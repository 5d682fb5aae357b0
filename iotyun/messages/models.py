"""In-app messages (issue 32, docs/api-messages.md): one row per recipient, in the recipient's tenant.

A message has a `kind` (MESSAGE_KINDS: an alarm notification, a notice, a message written by a user, a device or
template shared or handed over, a finished export or scheduled report, an upgrade's result); a title and a body as
written (a user's message, a notice), or, for what the server writes, a text key and its `params` that the console
translates for the reader; and what it is about (`link_type`, `link_id`: a device, an alarm, an export, …). It is
unread until the recipient reads it (`read_at`), and gone when the recipient deletes it or the account goes."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
from iotyun.core.limits import MESSAGE_TITLE_MAX
from iotyun.core.tenancy import TenantScoped


class Message(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "message"
    # The inbox reads one user's messages newest first, and counts the unread.
    __table_args__ = (
        Index("ix_message_user_created", "user_id", "created_at"),
        Index("ix_message_user_read", "user_id", "read_at"),
    )

    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))
    title: Mapped[str] = mapped_column(String(MESSAGE_TITLE_MAX), default="")
    body: Mapped[str] = mapped_column(Text, default="")
    # The text key the console translates (empty for a message as written) and its parameters.
    text_key: Mapped[str] = mapped_column(String(64), default="")
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    link_type: Mapped[str | None] = mapped_column(String(16), default=None)
    link_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    sender_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
