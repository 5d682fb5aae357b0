"""How an operator endpoint is called: `require_operator(scope)` wants an operator's token (X-Token) holding the
scope. A tenant user's valid token answers 810101 (tenant users reach no operator endpoint), any other token 100009,
a missing scope 100015. The request's session is made tenant-free on purpose, like background work's
(core/tenancy.py): it can never be bound to a tenant afterwards. The authorization matrix test reads this marker."""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.core.deps import SessionDep
from iotyun.core.errors import AppError, ErrorCode
from iotyun.operations import service
from iotyun.operations.schemas import OperatorActor
from iotyun.operations.scopes import Scope


class OperatorRequirement:
    """Dependency marker: the caller is an active operator holding one of `scopes` (none: any operator)."""

    def __init__(self, *scopes: Scope) -> None:
        self.scopes = tuple(str(s) for s in scopes)

    async def __call__(self, request: Request, session: SessionDep) -> OperatorActor:
        actor = await service.authenticate(session, request)
        if self.scopes and not any(s in actor.scopes for s in self.scopes):
            raise AppError(ErrorCode.NO_PRIVILEGE)
        return actor


def require_operator(*scopes: Scope) -> OperatorRequirement:
    return OperatorRequirement(*scopes)


AnyOperator = Annotated[OperatorActor, Depends(require_operator())]
StatisticsOperator = Annotated[OperatorActor, Depends(require_operator(Scope.STATISTICS))]
DevicesOperator = Annotated[OperatorActor, Depends(require_operator(Scope.DEVICES))]
UsersOperator = Annotated[OperatorActor, Depends(require_operator(Scope.USERS))]
MonitoringOperator = Annotated[OperatorActor, Depends(require_operator(Scope.MONITORING))]
OperatorsOperator = Annotated[OperatorActor, Depends(require_operator(Scope.OPERATORS))]
