"""Access markers of the outgoing webhooks: under the system settings menu (P80000); the service lets the tenant's
administrator alone keep subscriptions and read their log (a subscription hears every device of the tenant)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

WebhookAdmin = Annotated[Actor, Depends(require(Perm.SYSTEM))]
