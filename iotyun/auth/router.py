"""Account endpoints: captcha, verification codes, register, login (by password or QR code), logout, heart, config,
passwords, one's contact, a signature check. SPEC §7 names some under two paths: both are served by one function
(docs/api.md "SPEC §7 account paths")."""

from fastapi import APIRouter

from iotyun.auth import challenges, qr, service
from iotyun.auth.dependencies import (
    LoggedIn,
    LoggedInDuringPasswordChange,
    Public,
    SenderDep,
    SignedKey,
    UserAgent,
)
from iotyun.auth.schemas import (
    CaptchaOut,
    ChangePasswordIn,
    ContactOut,
    HeartOut,
    LoginIn,
    QrCodeOut,
    QrConfirmIn,
    QrKeyIn,
    QrScanOut,
    QrStatusOut,
    RegisterIn,
    ResetPasswordIn,
    SendCodeIn,
    SendCodeOut,
    SessionOut,
    ValidateReqOut,
)
from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.runtime import ClientIp, LimitersDep, SettingsDep

router = APIRouter(tags=["auth"])


@router.get("/yun/login/check/code")
async def captcha(
    _: Public, session: SessionDep, settings: SettingsDep, limiters: LimitersDep, ip: ClientIp
) -> Envelope[CaptchaOut]:
    return ok(await challenges.new_captcha(session, settings, limiters, ip))


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
    return ok(await challenges.send_code(session, settings, sender, limiters, ip, "register", body))


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
    return ok(await challenges.send_code(session, settings, sender, limiters, ip, "reset", body))


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
@router.post("/logout")
async def logout(actor: LoggedInDuringPasswordChange, session: SessionDep) -> Envelope[None]:
    await service.logout(session, actor)
    return ok()


@router.get("/yun/user/heart")
@router.get("/heart")
async def heart(actor: LoggedInDuringPasswordChange, session: SessionDep, settings: SettingsDep) -> Envelope[HeartOut]:
    return ok(await service.heart(session, settings, actor))


@router.get("/yun/user/config")
async def config(actor: LoggedInDuringPasswordChange, session: SessionDep) -> Envelope[SessionOut]:
    return ok(await service.current_config(session, actor))


@router.put("/yun/user/edit/pwd")
@router.put("/user/pwd")
async def change_password(
    body: ChangePasswordIn, actor: LoggedInDuringPasswordChange, session: SessionDep
) -> Envelope[None]:
    await service.change_password(session, actor, body)
    return ok()


@router.get("/user/phoneTel")
async def contact(actor: LoggedIn, session: SessionDep) -> Envelope[ContactOut]:
    return ok(await service.contact(session, actor))


@router.get("/validateReq")
@router.post("/validateReq")
async def validate_request(pub_key: SignedKey) -> Envelope[ValidateReqOut]:
    return ok(service.validate_request(pub_key))


@router.post("/user/QR/code")
async def new_qr_code(
    pub_key: SignedKey, session: SessionDep, limiters: LimitersDep, ip: ClientIp, user_agent: UserAgent
) -> Envelope[QrCodeOut]:
    return ok(await qr.new_ticket(session, limiters, pub_key, ip, user_agent))


@router.post("/user/QR/code/status")
async def qr_code_status(
    body: QrKeyIn, pub_key: SignedKey, session: SessionDep, settings: SettingsDep, ip: ClientIp
) -> Envelope[QrStatusOut]:
    return ok(await qr.status(session, settings, pub_key, ip, body))


@router.post("/user/QR/code/scan")
async def scan_qr_code(body: QrKeyIn, actor: LoggedIn, session: SessionDep) -> Envelope[QrScanOut]:
    return ok(await qr.scan(session, actor, body))


@router.post("/user/QR/code/confirm")
async def confirm_qr_code(body: QrConfirmIn, actor: LoggedIn, session: SessionDep) -> Envelope[None]:
    await qr.confirm(session, actor, body)
    return ok()


__all__ = ["LoggedIn", "router"]
