"""The operator's own endpoints under /administrator: sign in and out, who am I and my contacts, the operators, the
audit."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.auth.dependencies import Public
from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import ClientIp, SettingsDep
from iotyun.operations import service
from iotyun.operations.dependencies import AnyOperator, OperatorsOperator
from iotyun.operations.schemas import (
    AuditOut,
    OperatorContactIn,
    OperatorLoginIn,
    OperatorOut,
    OperatorScopesIn,
    OperatorSessionOut,
)

router = APIRouter(tags=["operations"])


@router.post("/administrator/login")
async def login(
    body: OperatorLoginIn, _: Public, session: SessionDep, settings: SettingsDep, ip: ClientIp
) -> Envelope[OperatorSessionOut]:
    return ok(await service.login(session, settings, body, ip))


@router.post("/administrator/logout")
async def logout(actor: AnyOperator, session: SessionDep) -> Envelope[None]:
    await service.logout(session, actor)
    return ok(None)


@router.get("/administrator/me")
async def me(actor: AnyOperator, session: SessionDep) -> Envelope[OperatorOut]:
    return ok(await service.me(session, actor))


@router.put("/administrator/me")
async def update_me(body: OperatorContactIn, actor: AnyOperator, session: SessionDep) -> Envelope[OperatorOut]:
    return ok(await service.update_me(session, actor, body))


@router.get("/administrator/operators")
async def operators(_: OperatorsOperator, session: SessionDep) -> Envelope[list[OperatorOut]]:
    return ok(await service.operators(session))


@router.put("/administrator/operators/{operator_id}/scopes")
async def set_scopes(
    operator_id: int, body: OperatorScopesIn, actor: OperatorsOperator, session: SessionDep
) -> Envelope[OperatorOut]:
    return ok(await service.set_scopes(session, actor, operator_id, body))


@router.get("/administrator/audit")
async def audit(
    _: AnyOperator,
    session: SessionDep,
    page: PageDep,
    action: Annotated[str, Query(max_length=40)] = "",
    operator_id: int | None = None,
    tenant_id: int | None = None,
    start: Annotated[int | None, Query(description="Epoch ms; with end (810107, at most 366 days: 810108)")] = None,
    end: Annotated[int | None, Query(description="Epoch ms, after start")] = None,
) -> Envelope[Page[AuditOut]]:
    return ok(await service.audit_log(session, page, action, operator_id, tenant_id, start, end))
