"""Account endpoints: captcha, verification codes, register, login, logout, heart, config, passwords."""

from fastapi import APIRouter

from iotyun.auth import service
from iotyun.auth.dependencies import LoggedIn, LoggedInDuringPasswordChange, Public, SenderDep
from iotyun.auth.schemas import (
    CaptchaOut,
    ChangePasswordIn,
    HeartOut,
    LoginIn,
    RegisterIn,
    ResetPasswordIn,
    SendCodeIn,
    SendCodeOut,
    SessionOut,
)
from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.runtime import ClientIp, LimitersDep, SettingsDep

router = APIRouter(tags=["auth"])


@router.get("/yun/login/check/code")
async def captcha(
    _: Public, session: SessionDep, settings: SettingsDep, limiters: LimitersDep, ip: ClientIp
) -> Envelope[CaptchaOut]:
    return ok(await service.new_captcha(session, settings, limiters, ip))


@router.post("/register/sms/num")
async def send_register_code(
    body: SendCodeIn,
    _: Public,
    session: SessionDep,
    settings: SettingsDep,
    sender: SenderDep,
    limiters: LimitersDep,
    ip: ClientIp,
) -> Envelope[SendCodeOut]:
    return ok(await service.send_code(session, settings, sender, limiters, ip, "register", body))


@router.post("/user/sms/num")
async def send_reset_code(
    body: SendCodeIn,
    _: Public,
    session: SessionDep,
    settings: SettingsDep,
    sender: SenderDep,
    limiters: LimitersDep,
    ip: ClientIp,
) -> Envelope[SendCodeOut]:
    return ok(await service.send_code(session, settings, sender, limiters, ip, "reset", body))


@router.post("/user/register")
async def register(
    body: RegisterIn, _: Public, session: SessionDep, settings: SettingsDep, ip: ClientIp
) -> Envelope[SessionOut]:
    return ok(await service.register(session, settings, body, ip))


@router.post("/yun/v2/user/login")
async def login(
    body: LoginIn, _: Public, session: SessionDep, settings: SettingsDep, ip: ClientIp
) -> Envelope[SessionOut]:
    return ok(await service.login(session, settings, body, ip))


@router.post("/user/pwd/reset")
async def reset_password(body: ResetPasswordIn, _: Public, session: SessionDep) -> Envelope[None]:
    await service.reset_password(session, body)
    return ok()


@router.post("/yun/user/logout")
async def logout(actor: LoggedInDuringPasswordChange, session: SessionDep) -> Envelope[None]:
    await service.logout(session, actor)
    return ok()


@router.get("/yun/user/heart")
async def heart(actor: LoggedInDuringPasswordChange, session: SessionDep, settings: SettingsDep) -> Envelope[HeartOut]:
    return ok(await service.heart(session, settings, actor))


@router.get("/yun/user/config")
async def config(actor: LoggedInDuringPasswordChange, session: SessionDep) -> Envelope[SessionOut]:
    return ok(await service.current_config(session, actor))


@router.put("/yun/user/edit/pwd")
async def change_password(
    body: ChangePasswordIn, actor: LoggedInDuringPasswordChange, session: SessionDep
) -> Envelope[None]:
    await service.change_password(session, actor, body)
    return ok()


__all__ = ["LoggedIn", "router"]
