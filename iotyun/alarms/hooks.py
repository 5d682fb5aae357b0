"""What the alarm domain tells the domains above it without importing them: an alarm was produced, recovered or
confirmed. Called inside the transaction that writes the change (the alarm engine's, or a confirmation request's),
so what a handler writes commits or rolls back with it (the notifications' outbox, docs/api-notifications.md)."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms.models import Alarm
from iotyun.core.hooks import Hook

PRODUCED_EVENT, RECOVERED_EVENT, CONFIRMED_EVENT = "produced", "recovered", "confirmed"

# (session, alarms of one tenant, event): flushed alarms whose change the session is about to commit.
alarm_changed: Hook[[AsyncSession, list[Alarm], str], None] = Hook("alarm_changed")
