"""The demo's video (issue 38 point 4) for `iotyun seed --demo`: with the local video cloud (IOTYUN_VIDEO_PROVIDER
local, the default) the demo tenant's account is bound already ("demo", its secret sealed as a bound one is), so a
newcomer sees the project's own live stream play on /fluoriteCloudCamera, on the boiler's camera slots and on the
demo's 3D dashboard without binding anything; and the boiler template names two of that account's cameras as its
camera slots (/yun/module/video). With a real provider configured nothing is bound: its keys are the tenant's own.
Idempotent: an account or slots already there are left as they are."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core import sealing
from iotyun.core.config import Settings
from iotyun.templates.models import Template
from iotyun.video.models import TemplateVideo, VideoAccount
from iotyun.video.providers.local import LocalProvider

APP_KEY = "demo"
APP_SECRET = "demo-local-video"  # noqa: S105 - the local video cloud takes any secret of 8+ characters
BOILER_TEMPLATE = "锅炉监控"
# LOCAL0001 channels 1 and 2: the local cloud's two online cameras (video/providers/local.py).
BOILER_CAMERAS = [
    {"name": "锅炉房入口", "serial": "LOCAL0001", "channel": 1},
    {"name": "燃烧器观察口", "serial": "LOCAL0001", "channel": 2},
]


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User], settings: Settings) -> None:
    """Runs after the demo templates."""
    admin = users.get("admin")
    if admin is None or settings.video_provider != LocalProvider.name:
        return
    if (await session.scalars(select(VideoAccount.id).where(VideoAccount.tenant_id == tenant_id))).first() is None:
        session.add(
            VideoAccount(
                tenant_id=tenant_id,
                provider=LocalProvider.name,
                app_key=APP_KEY,
                sealed_secret=sealing.seal(APP_SECRET, settings),
                bound_by=admin.id,
            )
        )
    boiler = (
        await session.scalars(select(Template).where(Template.tenant_id == tenant_id, Template.name == BOILER_TEMPLATE))
    ).first()
    if boiler is not None:
        held = await session.scalars(select(TemplateVideo.id).where(TemplateVideo.template_id == boiler.id))
        if held.first() is None:
            session.add(TemplateVideo(tenant_id=tenant_id, template_id=boiler.id, cameras=BOILER_CAMERAS))
    await session.flush()
