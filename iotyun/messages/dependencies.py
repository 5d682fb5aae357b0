"""Access markers of the inbox: the inbox's right (P71000) reads, marks read and deletes one's own messages."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

InboxReader = Annotated[Actor, Depends(require(Perm.INBOX))]

# The sent box and the bulletin board (/info/systemMsg, under the messages menu P70000): everyone reads the board;
# writing is checked by the service (an administrator or a secondary administrator).
MessagesUser = Annotated[Actor, Depends(require(Perm.INFO))]
