"""Dashboard access markers (SPEC §2, §6): the dashboards list is P20000 (P100000 reaches it for /mobile-db); making,
arranging and deleting dashboards is P21200; editing one is P21200, or P101200 for a dashboard a business sector
holds (the service checks which, 118005); sectors are managed with P101000 and listed to every signed-in user
(/business). Whether the caller sees a given dashboard is its visibility (dashboards/service.py)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

DashboardViewer = Annotated[Actor, Depends(require(Perm.DASHBOARD, Perm.MODULE))]
DashboardMaker = Annotated[Actor, Depends(require(Perm.DASHBOARD_EDIT))]
DashboardEditor = Annotated[Actor, Depends(require(Perm.DASHBOARD_EDIT, Perm.SECTOR_DASHBOARD_EDIT))]
SectorAdmin = Annotated[Actor, Depends(require(Perm.BUSINESS_SECTOR))]
