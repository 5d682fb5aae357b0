"""Imports every domain's tables so Base.metadata is complete (Alembic autogenerate, tests)."""

from iotyun.alarms import models as alarm_models
from iotyun.auth import models as auth_models
from iotyun.automations import models as automation_models
from iotyun.core.db import Base
from iotyun.dashboards import models as dashboard_models
from iotyun.devices import models as device_models
from iotyun.messages import models as message_models
from iotyun.monitor import models as monitor_models
from iotyun.notifications import models as notification_models
from iotyun.operations import models as operation_models
from iotyun.operations.health import models as health_models
from iotyun.reports import models as report_models
from iotyun.reports.exports import models as export_models
from iotyun.resources import models as resource_models
from iotyun.sharing import models as sharing_models
from iotyun.software import models as software_models
from iotyun.system.appkeys import models as app_key_models
from iotyun.system.branding import models as brand_models
from iotyun.system.menus import models as menu_models
from iotyun.team import models as team_models
from iotyun.team.mail import models as mail_models
from iotyun.telemetry.public import models as telemetry_models
from iotyun.templates import models as template_models
from iotyun.video import models as video_models

__all__ = [
    "Base",
    "alarm_models",
    "app_key_models",
    "auth_models",
    "automation_models",
    "brand_models",
    "dashboard_models",
    "device_models",
    "export_models",
    "health_models",
    "mail_models",
    "menu_models",
    "message_models",
    "monitor_models",
    "notification_models",
    "operation_models",
    "report_models",
    "resource_models",
    "sharing_models",
    "software_models",
    "team_models",
    "telemetry_models",
    "template_models",
    "video_models",
]
