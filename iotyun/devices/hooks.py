"""What the device domain and the domains on it tell others without importing them.

- `config_changed`: the data path (telemetry connects while it runs) hears that a gateway's configuration changed.
- `device_event`: a device went online or offline (devices.service.set_state), a value was written to it
  (telemetry's control write) or its upgrade finished (software): called inside the transaction that records the
  fact, so what a handler writes commits or rolls back with it (the notifications' outbox, for the outgoing
  webhooks: docs/api-system.md "Outgoing webhooks"). Alarm changes have their own hook (alarms/hooks.py)."""

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.hooks import Hook

# The configuration gateway `sn` runs changed: a new publication of its template (its version), or None when only
# who holds the device changed (a registration). Told after the request's commit, from a background task.
config_changed: Hook[[str, int | None], None] = Hook("config_changed")

DEVICE_ONLINE, DEVICE_OFFLINE = "device.online", "device.offline"
VALUE_WRITTEN, UPGRADE_FINISHED = "value.written", "upgrade.finished"


@dataclass(frozen=True, slots=True)
class DeviceEvent:
    """One fact about one device of `tenant_id` (the device's own tenant), with what a receiver needs of it: `data`
    holds only JSON values."""

    tenant_id: int
    device_id: int
    sn: str
    alias: str
    event: str
    data: dict[str, Any] = field(default_factory=dict)


# (session, events): facts whose records the session is about to commit.
device_event: Hook[[AsyncSession, list[DeviceEvent]], None] = Hook("device_event")


# (session, actor, the app's state, template id, slot index) → the live address of that camera slot of the template
# (/yun/module/video) as the actor may play it, "" when the template has no such slot. The video domain answers
# (video/service.py); a share link's page asks it for a camera of a device the link shows (sharing/opening.py).
camera_slot_address: Hook[[AsyncSession, Actor, object, int, int], str] = Hook("camera_slot_address")
