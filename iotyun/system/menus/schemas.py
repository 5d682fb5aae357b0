"""The custom page configuration as the console sends and reads it (docs/api-system.md "Custom pages and menus").

The whole configuration is one document: the sidebar's and the top bar's titles and entries. An entry is a page
(`url`: an http(s) address shown framed, or a console route), a dashboard (`dashboard_id`), or, at the first level, a
group of secondary entries (`children`); it may carry one of the console's icons and be shown to every user or to
chosen roles. Only types are checked here; the rules with their codes (SPEC §5, 910101-910105) are service.py's, so
each refusal names the entry it concerns (`side.2.children.0.name`)."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from iotyun.core.limits import INT64_MAX

MenuKind = Literal["page", "dashboard", "group"]
Visibility = Literal["all", "roles"]
PAGE: MenuKind = "page"
DASHBOARD: MenuKind = "dashboard"
GROUP: MenuKind = "group"
VISIBLE_ALL: Visibility = "all"
VISIBLE_ROLES: Visibility = "roles"


class _Strict(BaseModel):
    """A field the document does not know is an error, not a silent loss."""

    model_config = ConfigDict(extra="forbid")


class MenuChild(_Strict):
    """A secondary entry: a page or a dashboard."""

    id: str = Field(description="The entry's key, unique in the document: letters, digits, _ and -")
    name: str = Field(description="1 to 15 characters, unique in the document")
    kind: MenuKind
    url: str = Field("", description="A page's http(s) address (shown framed) or console route (/device/devgroup)")
    dashboard_id: int | None = Field(None, ge=1, le=INT64_MAX)
    icon: str | None = Field(None, description="One of CUSTOM_MENU_ICONS")
    visibility: Visibility = VISIBLE_ALL
    role_ids: list[Annotated[int, Field(ge=1, le=INT64_MAX)]] = Field(
        default_factory=list, description="The roles that see the entry (visibility roles)"
    )


class MenuEntry(MenuChild):
    """A first-level entry; a group holds secondary entries."""

    children: list[MenuChild] = Field(default_factory=list)


class CustomPageDocument(_Strict):
    sidebar_title: str
    top_bar_title: str
    side: list[MenuEntry] = Field(default_factory=list)
    top: list[MenuEntry] = Field(default_factory=list)


class CustomPageIn(_Strict):
    """The whole configuration, based on the `version` the editor read (0 before the first save)."""

    version: int = Field(ge=0, le=INT64_MAX)
    document: CustomPageDocument


class RoleOptionOut(BaseModel):
    """A role of the tenant: `code` names a built-in role (administrator, administrator2, user), whose name the
    console shows in the reader's language."""

    id: int
    name: str
    code: str


class CustomPageConfigOut(BaseModel):
    """The configuration as its editors see it: every entry with its roles; `document` null until the first save.
    `roles` are the tenant's roles an entry may be shown to."""

    version: int
    document: CustomPageDocument | None
    updated_at: int | None
    roles: list[RoleOptionOut]


class MenuChildOut(BaseModel):
    id: str
    name: str
    kind: MenuKind
    url: str
    dashboard_id: int | None
    icon: str | None


class MenuEntryOut(MenuChildOut):
    children: list[MenuChildOut]


class CustomMenusOut(BaseModel):
    """The menus one user sees: only the entries shown to their role that they may open."""

    sidebar_title: str
    top_bar_title: str
    side: list[MenuEntryOut]
    top: list[MenuEntryOut]


class CustomPageOut(BaseModel):
    """GET /yun/customPage (SPEC §7): `custom_page_name` is the sidebar title, `custom_page_json` the reader's menus
    (null until the tenant saves a configuration)."""

    custom_page_name: str
    custom_page_json: CustomMenusOut | None
    version: int
