"""In-app messages (issue 32, docs/api-messages.md): one row per recipient, in the recipient's tenant.

A message has a `kind` (MESSAGE_KINDS: an alarm notification, a notice, a message written by a user, a device or
template shared or handed over, a finished export or scheduled report, an upgrade's result); a title and a body as
written (a user's message, a notice), or, for what the server writes, a text key and its `params` that the console
translates for the reader; and what it is about (`link_type`, `link_id`: a device, an alarm, an export, …). It is
unread until the recipient reads it (`read_at`), and gone when the recipient deletes it or the account goes. A notice's
message also waits to pop up once at the recipient's next page load (`popup`).

A message a user wrote is also kept once in the writer's sent box (`message_sent`: whom it was addressed to, how many
it reached; its copies point back with `sent_id`, which counts how many have read it). A notice (`notice`) is written
for the bulletin board: unsent (a draft), scheduled, then sent once to every user in the writer's reach (the whole
tenant for an administrator, `group_id`'s subtree for a secondary administrator), and stays on the board."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
from iotyun.core.limits import MESSAGE_TITLE_MAX
from iotyun.core.tenancy import TenantScoped

UNSENT, SCHEDULED, SENT = "unsent", "scheduled", "sent"


class SentMessage(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "message_sent"
    __table_args__ = (Index("ix_message_sent_sender_created", "sender_id", "created_at"),)

    sender_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(MESSAGE_TITLE_MAX), default="")
    body: Mapped[str] = mapped_column(Text, default="")
    # Whom the writer chose (ids as chosen) and how many users that reached.
    user_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    role_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    group_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    recipients: Mapped[int] = mapped_column(Integer, default=0)


class Notice(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "notice"
    # The runner finds due scheduled notices across tenants.
    __table_args__ = (Index("ix_notice_state_send_at", "state", "send_at"),)

    author_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )
    title: Mapped[str] = mapped_column(String(MESSAGE_TITLE_MAX), default="")
    content: Mapped[str] = mapped_column(Text, default="")
    state: Mapped[str] = mapped_column(String(16), default=UNSENT)
    # For whom: None, the whole tenant; a secondary administrator's notice, the users of this group's subtree (gone
    # with the group).
    group_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("user_group.id", ondelete="CASCADE"), default=None)
    send_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    recipients: Mapped[int] = mapped_column(Integer, default=0)


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
    # The written message this is a copy of (its sender's sent box), for the read count there.
    sent_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("message_sent.id", ondelete="SET NULL"), default=None, index=True
    )
    # A notice pops up once, at the recipient's next page load (SPEC §3 "popup message flag").
    popup: Mapped[bool] = mapped_column(Boolean, default=False)
