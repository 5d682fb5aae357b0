"""Account dependencies: how each endpoint may be called, and the verification-code sender the app was built with.

Every endpoint states how it may be called, as exactly one of:
- `Public`: no token needed, but a token-less call must be signed (SPEC §7); a valid token also passes.
- `Anonymous`: not even signed (only the server clock, which the signer itself needs).
- `require(code, ...)`: a valid token whose user holds one of the codes (or role codes); else 100009 / 100015.
The authorization matrix test reads these markers off every route, so a new endpoint without one fails it.
"""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.auth import service as auth_service
from iotyun.auth.senders import CodeSender
from iotyun.core.deps import Actor, SessionDep
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.permissions import Perm, RoleCode


async def _sender(request: Request) -> CodeSender:
    sender: CodeSender = request.app.state.code_sender
    return sender


SenderDep = Annotated[CodeSender, Depends(_sender)]


class PermissionRequirement:
    """Dependency marker: the caller must hold one of `codes`."""

    def __init__(self, *codes: Perm | RoleCode | str, during_password_change: bool = False) -> None:
        self.codes = tuple(str(c) for c in codes)
        self.during_password_change = during_password_change

    async def __call__(self, request: Request, session: SessionDep) -> Actor:
        actor = await auth_service.authenticate(session, request)
        if actor.must_change_password and not self.during_password_change:
            raise AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED)
        if not actor.can(*self.codes):
            raise AppError(ErrorCode.NO_PRIVILEGE)
        return actor


def require(*codes: Perm | RoleCode | str, during_password_change: bool = False) -> PermissionRequirement:
    return PermissionRequirement(*codes, during_password_change=during_password_change)


class PublicAccess:
    """Dependency marker: open endpoint; a token-less call must carry a fresh, unused signature."""

    async def __call__(self, request: Request, session: SessionDep) -> Actor | None:
        return await auth_service.check_public(session, request)


class AnonymousAccess:
    """Dependency marker: open and unsigned."""

    async def __call__(self) -> None:
        return None


LoggedIn = Annotated[Actor, Depends(require(Perm.ROOT))]
# Endpoints a user being forced to change their password may still call.
LoggedInDuringPasswordChange = Annotated[Actor, Depends(require(Perm.ROOT, during_password_change=True))]
Public = Annotated[Actor | None, Depends(PublicAccess())]
Anonymous = Annotated[None, Depends(AnonymousAccess())]


async def _signed_key(request: Request, actor: Public) -> str | None:
    """The PubKey a token-less call was signed with (checked by `Public`); None for a call made with a token, which
    signs nothing."""
    return None if actor is not None else request.headers.get("pubkey", "").lower() or None


# The signing key of a `Public` call (QR sign-in binds its ticket to it); the route's access marker is `Public`.
SignedKey = Annotated[str | None, Depends(_signed_key)]


async def _user_agent(request: Request) -> str:
    return request.headers.get("user-agent", "")


UserAgent = Annotated[str, Depends(_user_agent)]
