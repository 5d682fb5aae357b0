"""Team endpoints: users, privileges, quotas, simulated login, account cancellation and the user log."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.auth.dependencies import LoggedIn, LoggedInDuringPasswordChange, SenderDep
from iotyun.auth.schemas import SendCodeOut, SessionOut
from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import ClientIp, LimitersDep, SettingsDep
from iotyun.team import quotas, service
from iotyun.team.dependencies import Console, LogReader, UserAdmin
from iotyun.team.schemas import (
    ActiveIn,
    BindCodeIn,
    BindIn,
    CancelIn,
    MyPrivilegesOut,
    PasswordIn,
    PrivilegeIn,
    PrivilegeOut,
    QuotaIn,
    QuotaOut,
    SimulateIn,
    UserCreateIn,
    UserLogOut,
    UserOut,
    UserSort,
    UserUpdateIn,
)

router = APIRouter(tags=["team"])


@router.get("/yun/userInfo")
async def list_users(
    actor: UserAdmin,
    session: SessionDep,
    page: PageDep,
    keyword: str | None = None,
    role_id: int | None = None,
    group_id: int | None = None,
    is_active: Annotated[int | None, Query(ge=0, le=1)] = None,
    sort: UserSort = "-create_time",
) -> Envelope[Page[UserOut]]:
    return ok(
        await service.list_users(
            session,
            actor,
            page,
            keyword=keyword,
            role_id=role_id,
            group_id=group_id,
            is_active=is_active,
            sort=sort,
        )
    )


@router.get("/yun/userInfo/privilege/{user_id}")
async def get_privileges(user_id: int, actor: UserAdmin, session: SessionDep) -> Envelope[PrivilegeOut]:
    return ok(await service.get_privileges(session, actor, user_id))


@router.put("/yun/userInfo/privilege/{user_id}")
async def set_privileges(
    user_id: int, body: PrivilegeIn, actor: UserAdmin, session: SessionDep
) -> Envelope[PrivilegeOut]:
    return ok(await service.set_privileges(session, actor, user_id, body))


@router.delete("/yun/userInfo/privilege/{user_id}")
async def reset_privileges(user_id: int, actor: UserAdmin, session: SessionDep) -> Envelope[PrivilegeOut]:
    return ok(await service.set_privileges(session, actor, user_id, None))


@router.get("/yun/userInfo/{user_id}")
async def get_user(user_id: int, actor: UserAdmin, session: SessionDep) -> Envelope[UserOut]:
    return ok(await service.get_user(session, actor, user_id))


@router.post("/yun/userInfo")
async def create_user(body: UserCreateIn, actor: UserAdmin, session: SessionDep) -> Envelope[UserOut]:
    return ok(await service.create_user(session, actor, body))


@router.put("/yun/userInfo/{user_id}")
async def update_user(user_id: int, body: UserUpdateIn, actor: UserAdmin, session: SessionDep) -> Envelope[UserOut]:
    return ok(await service.update_user(session, actor, user_id, body))


@router.delete("/yun/userInfo/{user_id}")
async def delete_user(user_id: int, actor: UserAdmin, session: SessionDep) -> Envelope[None]:
    await service.delete_user(session, actor, user_id)
    return ok()


@router.put("/yun/userInfo/{user_id}/active")
async def set_active(user_id: int, body: ActiveIn, actor: UserAdmin, session: SessionDep) -> Envelope[UserOut]:
    return ok(await service.set_active(session, actor, user_id, body))


@router.post("/yun/userInfo/{user_id}/password")
async def reset_password(user_id: int, body: PasswordIn, actor: UserAdmin, session: SessionDep) -> Envelope[None]:
    await service.reset_password(session, actor, user_id, body)
    return ok()


@router.get("/yun/userInfo/{user_id}/quota")
async def get_quota(user_id: int, actor: UserAdmin, session: SessionDep) -> Envelope[QuotaOut]:
    return ok(await quotas.get_quota(session, actor, user_id))


@router.put("/yun/userInfo/{user_id}/quota")
async def set_quota(user_id: int, body: QuotaIn, actor: UserAdmin, session: SessionDep) -> Envelope[QuotaOut]:
    return ok(await quotas.set_quota(session, actor, user_id, body))


@router.post("/yun/v2/user/login/simulate")
async def start_simulation(
    body: SimulateIn, actor: Console, session: SessionDep, settings: SettingsDep
) -> Envelope[SessionOut]:
    return ok(await service.start_simulation(session, settings, actor, body.user_id))


@router.delete("/yun/v2/user/login/simulate")
async def stop_simulation(actor: LoggedInDuringPasswordChange, session: SessionDep) -> Envelope[None]:
    await service.stop_simulation(session, actor)
    return ok()


@router.post("/user/cancel")
async def cancel_account(body: CancelIn, actor: Console, session: SessionDep) -> Envelope[None]:
    await service.cancel_account(session, actor, body.password)
    return ok()


@router.get("/yun/userLog")
async def user_log(
    actor: LogReader,
    session: SessionDep,
    page: PageDep,
    user_id: int | None = None,
    action: str | None = None,
    start: int | None = None,
    end: int | None = None,
) -> Envelope[Page[UserLogOut]]:
    return ok(await service.user_log(session, actor, page, user_id=user_id, action=action, start=start, end=end))


@router.get("/user/privileges")
async def my_privileges(actor: LoggedIn, session: SessionDep) -> Envelope[MyPrivilegesOut]:
    return ok(await service.my_privileges(session, actor))


@router.post("/user/account/bind/code")
async def send_bind_code(
    body: BindCodeIn,
    _: LoggedIn,
    session: SessionDep,
    settings: SettingsDep,
    sender: SenderDep,
    limiters: LimitersDep,
    ip: ClientIp,
) -> Envelope[SendCodeOut]:
    return ok(await service.send_bind_code(session, settings, sender, limiters, ip, body))


@router.post("/user/account/bind")
async def bind_account(body: BindIn, actor: LoggedIn, session: SessionDep) -> Envelope[SessionOut]:
    return ok(await service.bind_account(session, actor, body))
