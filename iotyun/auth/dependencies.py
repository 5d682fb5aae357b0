"""Account dependencies: the verification-code sender the app was built with."""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.auth.senders import CodeSender


async def _sender(request: Request) -> CodeSender:
    sender: CodeSender = request.app.state.code_sender
    return sender


SenderDep = Annotated[CodeSender, Depends(_sender)]
