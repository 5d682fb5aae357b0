"""Template permission types (docs/api-templates.md): what each template endpoint's caller must hold."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

# The template pages: list, create, edit, screens, data sources.
TemplateUser = Annotated[Actor, Depends(require(Perm.TEMPLATE))]
# Saving a screen's design: the designer's own code, or the template pages.
TemplateDesigner = Annotated[Actor, Depends(require(Perm.TEMPLATE_DESIGN, Perm.TEMPLATE))]
# Binding templates to devices.
TemplateBinder = Annotated[Actor, Depends(require(Perm.TEMPLATE_BIND))]
# The shared/received template library.
TemplateLibraryUser = Annotated[Actor, Depends(require(Perm.TEMPLATE_LIBRARY, Perm.TEMPLATE))]
# Tile groups of templates.
TemplateGroupUser = Annotated[Actor, Depends(require(Perm.TEMPLATE_GROUP, Perm.TEMPLATE))]
# The home page's template summary.
HomeReader = Annotated[Actor, Depends(require(Perm.HOME, Perm.TEMPLATE))]
