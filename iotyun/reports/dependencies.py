"""Report permission types (SPEC §2 /analysis, issue 17): the list with its copy and delete P61000, editing P61100,
preview P61400, the data behind a report P63000. Reading one report or its statistic serves the designer's live
preview, the preview page and the data page alike."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

ReportLister = Annotated[Actor, Depends(require(Perm.DASH_CHART))]
ReportEditor = Annotated[Actor, Depends(require(Perm.DESIGN_CHART))]
ReportReader = Annotated[
    Actor, Depends(require(Perm.DASH_CHART, Perm.DESIGN_CHART, Perm.PREVIEW_CHART, Perm.REPORT_DATA))
]
ReportViewer = Annotated[Actor, Depends(require(Perm.DESIGN_CHART, Perm.PREVIEW_CHART, Perm.REPORT_DATA))]
