"""The demo's message centre: a notice on the board sent two days ago, a draft and a scheduled one, and a message the
administrator wrote to the operator. Seeded without pop-ups, so signing in to the demo opens no dialog."""

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.db import utcnow
from iotyun.messages.models import SCHEDULED, UNSENT, Notice, SentMessage
from iotyun.messages.service import deliver
from iotyun.messages.writing import dispatch

SENT_NOTICE = (
    "二号泵房周六停电检修",
    "本周六 09:00–12:00 二号泵房停电检修，期间 Plant_A 的供水监测数据会中断，恢复后自动补传。\n如有紧急情况请联系值班电话。",
)
DRAFT_NOTICE = ("冬季防冻巡检安排（草稿）", "12 月起每周一、四进行管道防冻巡检，巡检记录请在当天下班前提交。")
MESSAGE = ("请核对 1 号泵出口压力", "昨晚 1 号泵出口压力多次越限，请今天巡检时核对压力表读数，并在设备日志里记录。")
SCHEDULED_NOTICE = ("年度安全培训", "年度安全培训将于下周三 14:00 在一楼会议室举行，请各班组安排人员参加。")


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    admin = users["admin"]
    now = utcnow()
    sent = Notice(
        tenant_id=tenant_id,
        author_id=admin.id,
        title=SENT_NOTICE[0],
        content=SENT_NOTICE[1],
        state=UNSENT,
        created_at=now - timedelta(days=2, hours=1),
        updated_at=now - timedelta(days=2, hours=1),
    )
    draft = Notice(
        tenant_id=tenant_id, author_id=admin.id, title=DRAFT_NOTICE[0], content=DRAFT_NOTICE[1], state=UNSENT
    )
    scheduled = Notice(
        tenant_id=tenant_id,
        author_id=admin.id,
        title=SCHEDULED_NOTICE[0],
        content=SCHEDULED_NOTICE[1],
        state=SCHEDULED,
        send_at=now + timedelta(days=3),
    )
    session.add_all([sent, draft, scheduled])
    await session.flush()
    await dispatch(session, sent, now - timedelta(days=2), popup=False)
    if "operator" in users:
        operator = users["operator"]
        at = now - timedelta(hours=3)
        title, body = MESSAGE
        copy = SentMessage(
            tenant_id=tenant_id,
            sender_id=admin.id,
            title=title,
            body=body,
            user_ids=[operator.id],
            recipients=1,
            created_at=at,
            updated_at=at,
        )
        session.add(copy)
        await session.flush()
        await deliver(
            session,
            tenant_id,
            [operator.id],
            "message",
            title=title,
            body=body,
            sender_id=admin.id,
            sent_id=copy.id,
            at=at,
        )
