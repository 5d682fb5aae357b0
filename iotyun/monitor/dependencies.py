"""Who reaches the monitor area's calls (SPEC §2: /monitor/monitoringDevice P111000, /monitor/monitorSetting
P112000)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

# Watches tables live: a table, a group's tables, a device's row.
MonitorViewer = Annotated[Actor, Depends(require(Perm.MONITORING_DEVICE))]
# Reads what the area offers and how it is set: the tables one may watch, one's setting, the groups. The setting page
# reads them too, so either right reads them.
MonitorReader = Annotated[Actor, Depends(require(Perm.MONITORING_DEVICE, Perm.MONITOR_SETTING))]
# Changes one's setting and the tenant's groups of tables.
MonitorSettingEditor = Annotated[Actor, Depends(require(Perm.MONITOR_SETTING))]
