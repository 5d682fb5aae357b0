"""Video endpoints (docs/api-video.md): the tenant's video cloud account under /third/party (SPEC §7), and a
template's camera slots under /yun/module/video."""

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.limits import VIDEO_CHANNEL_MAX
from iotyun.core.runtime import SettingsDep
from iotyun.templates.dependencies import TemplateUser
from iotyun.video import service
from iotyun.video.dependencies import CameraViewer, VideoAccountManager
from iotyun.video.runtime import VideoDep
from iotyun.video.schemas import (
    CameraOut,
    LiveAddressOut,
    TemplateVideoIn,
    TemplateVideoOut,
    VideoAccountIn,
    VideoAccountOut,
    VideoTokenOut,
)

router = APIRouter(tags=["video"])


@router.get("/third/party/account")
@read_only
async def get_video_account(actor: VideoAccountManager, session: SessionDep) -> Envelope[VideoAccountOut | None]:
    return ok(await service.get_account(session, actor))


@router.post("/third/party/account")
async def bind_video_account(
    body: VideoAccountIn, actor: VideoAccountManager, session: SessionDep, settings: SettingsDep, rt: VideoDep
) -> Envelope[VideoAccountOut]:
    return ok(await service.bind(session, actor, settings, rt, body))


@router.delete("/third/party/account")
async def unbind_video_account(actor: VideoAccountManager, session: SessionDep, rt: VideoDep) -> Envelope[None]:
    await service.unbind(session, actor, rt)
    return ok()


@router.get("/third/party/token")
async def get_video_token(
    actor: CameraViewer, session: SessionDep, settings: SettingsDep, rt: VideoDep
) -> Envelope[VideoTokenOut]:
    return ok(await service.token_state(session, actor, settings, rt))


@router.get("/third/party/cameras")
async def list_video_cameras(
    actor: CameraViewer, session: SessionDep, settings: SettingsDep, rt: VideoDep
) -> Envelope[list[CameraOut]]:
    return ok(await service.cameras(session, actor, settings, rt))


@router.get("/third/party/live")
async def get_video_live(
    serial: Annotated[str, Query(max_length=64)],
    actor: CameraViewer,
    session: SessionDep,
    settings: SettingsDep,
    rt: VideoDep,
    channel: Annotated[int, Query(ge=1, le=VIDEO_CHANNEL_MAX)] = 1,
    protocol: Literal["hls", "flv", "rtmp"] = "hls",
) -> Envelope[LiveAddressOut]:
    return ok(await service.live_address(session, actor, settings, rt, serial, channel, protocol))


@router.get("/yun/module/video")
@read_only
async def get_template_video(template_id: int, actor: TemplateUser, session: SessionDep) -> Envelope[TemplateVideoOut]:
    return ok(await service.template_cameras(session, actor, template_id))


@router.put("/yun/module/video")
async def save_template_video(
    body: TemplateVideoIn, actor: TemplateUser, session: SessionDep
) -> Envelope[TemplateVideoOut]:
    return ok(await service.save_template_cameras(session, actor, body))
