"""Video endpoints (docs/api-video.md): the tenant's video cloud account under /third/party (SPEC §7), and a
template's camera slots under /yun/module/video."""

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query
from fastapi.responses import FileResponse, Response

from iotyun.auth.dependencies import Anonymous
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


# --- the demo's own live stream (video/demo_stream.py) ------------------------------------------------------------

HLS_PLAYLIST = "application/vnd.apple.mpegurl"
# A live playlist changes every segment: never cached; a segment never changes once written.
NO_STORE = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


@router.get("/video/demo/live.m3u8", response_class=Response, responses={200: {"content": {HLS_PLAYLIST: {}}}})
async def demo_live_playlist(
    _: Anonymous,
    rt: VideoDep,
    serial: Annotated[str, Query(max_length=64)] = "",
    channel: Annotated[int, Query(ge=1, le=VIDEO_CHANNEL_MAX)] = 1,
) -> Response:
    # No token: a <video> element asks (natively or through hls.js); the stream is a test pattern and shows nothing
    # of a tenant. Every camera of the local provider shows the same stream (serial and channel are its address).
    return Response(await rt.demo.playlist(), media_type=HLS_PLAYLIST, headers=NO_STORE)


@router.get("/video/demo/{name}", response_class=FileResponse, responses={200: {"content": {"video/mp2t": {}}}})
async def demo_live_segment(name: Annotated[str, Path(max_length=16)], _: Anonymous, rt: VideoDep) -> FileResponse:
    return FileResponse(
        rt.demo.segment(name),
        media_type="video/mp2t",
        headers={"Cache-Control": "max-age=60", "X-Content-Type-Options": "nosniff"},
    )
