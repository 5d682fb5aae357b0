"""The permission tree of SPEC §2: every P-code with its parent, zh/en name and route, and the role codes."""

from dataclasses import dataclass
from enum import StrEnum

from iotyun.core.limits import TEMPLATE_PERMISSION_ITEMS, TEMPLATE_PERMISSION_ITEMS_MAX


class Perm(StrEnum):
    ROOT = "P00000"
    HOME = "P10000"
    DASHBOARD = "P20000"
    DASHBOARD_EDIT = "P21200"
    CONFIGURE_MONITOR = "P24000"
    MONITORING_CHECK = "P27000"
    DEVICE = "P30000"
    DEVICE_GROUP = "P31000"
    VIRTUAL_DEVICE = "P32000"
    DEVICE_GPS = "P34000"
    DEVICE_DASHBOARD = "P130000"
    CONFIGURE_MANAGE = "P40000"
    TEMPLATE = "P41000"
    TEMPLATE_DESIGN = "P41600"
    TEMPLATE_BIND = "P42000"
    TEMPLATE_GROUP = "P43000"
    # Ours (issue 37, docs/api-automations.md): SPEC §2 names no rule engine.
    AUTOMATION = "P45000"
    TEMPLATE_LIBRARY = "P44000"
    TEAM = "P50000"
    USER_GROUP = "P51000"
    ROLE = "P52000"
    USER = "P53000"
    ANALYSIS = "P60000"
    DASH_CHART = "P61000"
    DESIGN_CHART = "P61100"
    PREVIEW_CHART = "P61400"
    FLOW_ANALYSIS = "P62000"
    FLOW_DETAIL = "P62200"
    REPORT_DATA = "P63000"
    INFO = "P70000"
    INBOX = "P71000"
    LOG_INFO = "P72000"
    REAL_TIME_FAULT = "P73000"
    SYSTEM = "P80000"
    PERSONALIZATION = "P81000"
    SHARE_LINK = "P82000"
    CUSTOM_PAGE = "P90000"
    MODULE = "P100000"
    BUSINESS_SECTOR = "P101000"
    SECTOR_DASHBOARD_EDIT = "P101200"
    MONITOR = "P110000"
    MONITORING_DEVICE = "P111000"
    MONITOR_SETTING = "P112000"
    CAROUSEL = "P120000"
    # Ours (issue 34): SPEC §2 names the menus "Version upload" and "Software update" and no codes for them.
    SOFTWARE = "P140000"
    SOFTWARE_VERSION = "P141000"
    SOFTWARE_UPGRADE = "P142000"


class RoleCode(StrEnum):
    ADMINISTRATOR = "administrator"
    # The secondary (group) administrator: bound to one user group, manages only that group's users.
    ADMINISTRATOR2 = "administrator2"
    USER = "user"


@dataclass(frozen=True, slots=True)
class PermNode:
    code: Perm
    parent: Perm | None
    zh: str
    en: str
    route: str | None


P = Perm
TREE: tuple[PermNode, ...] = (
    PermNode(P.ROOT, None, "控制台", "Console", "/"),
    PermNode(P.HOME, P.ROOT, "首页", "Home", "/index"),
    PermNode(P.DEVICE, P.ROOT, "设备管理", "Devices", "/device"),
    PermNode(P.DEVICE_DASHBOARD, P.DEVICE, "设备监控", "Equipment monitoring", "/device/devDashboard"),
    PermNode(P.DEVICE_GROUP, P.DEVICE, "设备分组", "Device groups", "/device/devgroup"),
    PermNode(P.VIRTUAL_DEVICE, P.DEVICE, "虚拟设备", "Virtual devices", "/device/virtualDevice"),
    PermNode(P.DEVICE_GPS, P.DEVICE, "设备地图", "Device map", "/device/devGPS"),
    PermNode(P.CONFIGURE_MANAGE, P.ROOT, "组态管理", "Configuration", "/configureManage"),
    PermNode(P.TEMPLATE, P.CONFIGURE_MANAGE, "设备模板", "Device templates", "/configureManage/devTemplate"),
    PermNode(P.TEMPLATE_DESIGN, P.TEMPLATE, "组态设计", "Screen design", "/designConfigure"),
    PermNode(P.TEMPLATE_BIND, P.CONFIGURE_MANAGE, "模板绑定", "Template binding", "/configureManage/templateBind"),
    PermNode(
        P.TEMPLATE_LIBRARY,
        P.CONFIGURE_MANAGE,
        "模板库",
        "Template library",
        "/configureManage/templateLibrary",
    ),
    PermNode(P.TEMPLATE_GROUP, P.CONFIGURE_MANAGE, "模板分组", "Template groups", "/configureManage/templateGroup"),
    PermNode(P.AUTOMATION, P.CONFIGURE_MANAGE, "自动化", "Automations", "/configureManage/automation"),
    PermNode(P.DASHBOARD, P.ROOT, "仪表板", "Dashboards", "/dashboard"),
    PermNode(P.DASHBOARD_EDIT, P.DASHBOARD, "编辑仪表板", "Edit dashboards", "/editDashboard"),
    PermNode(P.CONFIGURE_MONITOR, P.ROOT, "组态监控", "Configuration monitor", "/configureMonitor"),
    PermNode(P.CAROUSEL, P.ROOT, "组态轮播", "Configuration carousel", "/configurationCarousel"),
    PermNode(P.MONITORING_CHECK, P.ROOT, "集中监控", "Centralized monitoring", "/monitoringCheck"),
    PermNode(P.ANALYSIS, P.ROOT, "数据分析", "Analysis", "/analysis"),
    PermNode(P.DASH_CHART, P.ANALYSIS, "报表", "Reports", "/analysis/dashChart"),
    PermNode(P.DESIGN_CHART, P.DASH_CHART, "设计报表", "Design reports", "/designChart"),
    PermNode(P.PREVIEW_CHART, P.DASH_CHART, "预览报表", "Preview reports", "/analysis/dashChart/previewChart"),
    PermNode(P.FLOW_ANALYSIS, P.ANALYSIS, "流量分析", "Traffic analysis", "/analysis/flowAnalysis"),
    PermNode(P.FLOW_DETAIL, P.FLOW_ANALYSIS, "流量详情", "Traffic details", "/analysis/flowAnalysis/detail"),
    PermNode(P.REPORT_DATA, P.ANALYSIS, "报表数据", "Report data", "/analysis/reportData"),
    PermNode(P.MONITOR, P.ROOT, "运维监控", "Monitoring", "/monitor"),
    PermNode(P.MONITORING_DEVICE, P.MONITOR, "监控设备", "Monitored devices", "/monitor/monitoringDevice"),
    PermNode(P.MONITOR_SETTING, P.MONITOR, "监控设置", "Monitor settings", "/monitor/monitorSetting"),
    PermNode(P.INFO, P.ROOT, "消息中心", "Messages", "/info"),
    PermNode(P.INBOX, P.INFO, "收件箱", "Inbox", "/info/inbox"),
    PermNode(P.LOG_INFO, P.INFO, "日志信息", "Logs", "/info/logInfo"),
    PermNode(P.REAL_TIME_FAULT, P.INFO, "实时故障", "Real-time faults", "/info/realTimeFault"),
    PermNode(P.TEAM, P.ROOT, "团队管理", "Team", "/team"),
    PermNode(P.USER_GROUP, P.TEAM, "用户组", "User groups", "/team/customerGroup"),
    PermNode(P.USER, P.TEAM, "用户", "Users", "/team/user"),
    PermNode(P.ROLE, P.TEAM, "角色", "Roles", "/team/role"),
    PermNode(P.MODULE, P.ROOT, "业务模块", "Business modules", "/module"),
    PermNode(P.BUSINESS_SECTOR, P.MODULE, "业务板块", "Business sectors", "/module/business"),
    PermNode(
        P.SECTOR_DASHBOARD_EDIT,
        P.BUSINESS_SECTOR,
        "编辑板块仪表板",
        "Edit sector dashboards",
        "/editDashboard",
    ),
    PermNode(P.SYSTEM, P.ROOT, "系统设置", "System", "/system"),
    PermNode(P.PERSONALIZATION, P.SYSTEM, "个性化", "Personalization", "/system/personalization"),
    PermNode(P.SHARE_LINK, P.SYSTEM, "分享链接", "Share links", "/system/shareLink"),
    PermNode(P.CUSTOM_PAGE, P.ROOT, "自定义页面", "Custom pages", "/customPage"),
    PermNode(P.SOFTWARE, P.ROOT, "软件管理", "Software", "/software"),
    PermNode(P.SOFTWARE_VERSION, P.SOFTWARE, "版本上传", "Version upload", "/software/version"),
    PermNode(P.SOFTWARE_UPGRADE, P.SOFTWARE, "软件更新", "Software update", "/software/upgrade"),
)

NODES: dict[Perm, PermNode] = {n.code: n for n in TREE}
ALL_CODES: frozenset[str] = frozenset(p.value for p in Perm)

# What the built-in roles hold. The administrator holds every code; the secondary administrator runs one group.
DEFAULT_ROLE_PERMISSIONS: dict[RoleCode, frozenset[str]] = {
    RoleCode.ADMINISTRATOR: ALL_CODES,
    # A superset of the user role's codes, so a secondary administrator can give their users the built-in user role.
    # Both reach their devices through the device list page (P31000): P30000 alone is a menu with no page in it.
    RoleCode.ADMINISTRATOR2: frozenset(
        {
            P.ROOT,
            P.HOME,
            P.TEAM,
            P.USER_GROUP,
            P.USER,
            P.DEVICE,
            P.DEVICE_GROUP,
            P.INFO,
            P.INBOX,
            P.LOG_INFO,
            P.REAL_TIME_FAULT,
        }
    ),
    RoleCode.USER: frozenset(
        {P.ROOT, P.HOME, P.DEVICE, P.DEVICE_GROUP, P.INFO, P.INBOX, P.LOG_INFO, P.REAL_TIME_FAULT}
    ),
}


@dataclass(frozen=True, slots=True)
class RoleItem:
    """One item of a role's device or template permissions (SPEC §3): its code, its zh/en label and what it allows,
    as the role form shows them (generated into web/src/types/permissions.gen.ts)."""

    code: str
    zh: str
    en: str
    zh_hint: str
    en_hint: str


# What a role's users may do on the devices they reach (role.device_permissions, SPEC §3; docs/api-team.md "Device
# and template permissions"). Reaching a device (reading it: owning, a distribution, a share, a secondary
# administrator's or an administrator's scope) is not an item: the items narrow what a reader may do on it, and never
# widen what the device's relation allows (a share's write flag, the owner's management). Administrators hold every
# item. Each is checked by the server at the operations its hint names (Actor.need_device).
DEVICE_HISTORY = "history"
DEVICE_EXPORT = "export"
DEVICE_WRITE = "write"
DEVICE_ALARM_CONFIRM = "alarm_confirm"
DEVICE_EDIT = "edit"
DEVICE_SHARE = "share"
DEVICE_VPN = "vpn"
DEVICE_ITEMS: tuple[RoleItem, ...] = (
    RoleItem(
        DEVICE_HISTORY,
        "查看历史数据",
        "View history",
        "设备详情的历史曲线与数据",
        "A device's history chart and values",
    ),
    RoleItem(
        DEVICE_EXPORT,
        "导出历史数据",
        "Export history",
        "导出设备历史数据（含导出中心的历史任务）",
        "Export a device's history (and history jobs of the export centre)",
    ),
    RoleItem(
        DEVICE_WRITE,
        "下发数据",
        "Write values",
        "向设备写入实时数据（控制），也用于控制类分享链接",
        "Write real-time values to a device (control), and make control share links",
    ),
    RoleItem(
        DEVICE_ALARM_CONFIRM,
        "处理告警",
        "Handle alarms",
        "确认、搁置与取消搁置设备的告警",
        "Confirm, shelve and unshelve a device's alarms",
    ),
    RoleItem(
        DEVICE_EDIT,
        "编辑设备",
        "Edit devices",
        "修改自己设备的信息与控制密码",
        "Change the details and the control password of one's own devices",
    ),
    RoleItem(
        DEVICE_SHARE,
        "分享与转移设备",
        "Share and hand over devices",
        "把自己的设备分享、分配或转移给他人",
        "Share, distribute or hand over one's own devices",
    ),
    RoleItem(DEVICE_VPN, "远程 VPN", "Remote VPN", "打开或关闭设备网关的 VPN", "Open or close a device gateway's VPN"),
)
DEVICE_ROLE_PERMISSIONS: tuple[str, ...] = tuple(i.code for i in DEVICE_ITEMS)

# What a role's users may do on the device templates they hold (role.template_permissions, SPEC §3). The first seven
# are the items a template share grants (core.limits.TEMPLATE_PERMISSION_ITEMS); "share" and "delete" act on one's
# own templates only. A role's item narrows what the template's relation allows (the owner holds every item, a share
# its items), never widens it. "view" is always held: a template a user holds can always be opened. SPEC §5: at most
# 15 items (TEMPLATE_PERMISSION_ITEMS_MAX).
TEMPLATE_VIEW = "view"
TEMPLATE_SHARE = "share"
TEMPLATE_DELETE = "delete"
TEMPLATE_ITEMS: tuple[RoleItem, ...] = (
    RoleItem(
        TEMPLATE_VIEW,
        "查看",
        "View",
        "打开模板及其画面、数据源（始终具有）",
        "Open a template, its screens and data sources (always held)",
    ),
    RoleItem("copy", "复制", "Copy", "复制模板为自己的新模板", "Copy a template into a new one of one's own"),
    RoleItem(
        "bind", "绑定设备", "Bind devices", "把设备绑定到模板或解除绑定", "Bind devices to the template or unbind them"
    ),
    RoleItem(
        "design",
        "设计画面",
        "Design screens",
        "编辑模板信息、画面与监控表",
        "Edit the template's details, its screens and its monitoring tables",
    ),
    RoleItem(
        "data_source",
        "编辑数据源",
        "Edit data sources",
        "增改删数据源与分组、导入数据源",
        "Add, change, delete and import data sources and their groups",
    ),
    RoleItem("publish", "发布", "Publish", "发布模板或撤回发布", "Publish the template or withdraw its publication"),
    RoleItem(
        "export",
        "导出数据源",
        "Export data sources",
        "导出模板的数据源表",
        "Export the template's data sources as a sheet",
    ),
    RoleItem(
        TEMPLATE_SHARE,
        "分享与转移模板",
        "Share and hand over templates",
        "把自己的模板分享或转移给他人",
        "Share one's own templates with others or hand them over",
    ),
    RoleItem(
        "delete", "删除模板", "Delete templates", "删除自己未发布的模板", "Delete one's own unpublished templates"
    ),
)
TEMPLATE_ROLE_PERMISSIONS: tuple[str, ...] = tuple(i.code for i in TEMPLATE_ITEMS)
assert len(TEMPLATE_ROLE_PERMISSIONS) <= TEMPLATE_PERMISSION_ITEMS_MAX
assert TEMPLATE_ROLE_PERMISSIONS[: len(TEMPLATE_PERMISSION_ITEMS)] == TEMPLATE_PERMISSION_ITEMS

# The built-in roles hold every item: before roles chose them, nothing but "write" was checked and every role had it.
DEFAULT_DEVICE_PERMISSIONS: dict[RoleCode, tuple[str, ...]] = {rc: DEVICE_ROLE_PERMISSIONS for rc in RoleCode}
DEFAULT_TEMPLATE_PERMISSIONS: dict[RoleCode, tuple[str, ...]] = {rc: TEMPLATE_ROLE_PERMISSIONS for rc in RoleCode}


def role_items(catalogue: tuple[str, ...], held: list[str] | None, *, always: str | None = None) -> frozenset[str]:
    """A stored list of a role's items as the items in force: known ones only (with the one always held)."""
    out = {i for i in held or () if i in catalogue}
    if always is not None:
        out.add(always)
    return frozenset(out)


# SPEC §2 "Permission code to default page", in priority order for choosing a user's menu permission.
DEFAULT_PAGES: tuple[tuple[Perm, str], ...] = (
    (P.HOME, "/index"),
    (P.DASHBOARD, "/dashboard"),
    (P.MONITORING_CHECK, "/monitoringCheck"),
    (P.CONFIGURE_MONITOR, "/configureMonitor"),
    (P.DEVICE_GROUP, "/device/devgroup"),
    (P.VIRTUAL_DEVICE, "/device/virtualDevice"),
    (P.DEVICE_GPS, "/device/devGPS"),
    (P.TEMPLATE, "/configureManage/devTemplate"),
    (P.TEMPLATE_BIND, "/configureManage/templateBind"),
    (P.USER_GROUP, "/team/customerGroup"),
    (P.ROLE, "/team/role"),
    (P.USER, "/team/user"),
    (P.DASH_CHART, "/analysis/dashChart"),
    (P.FLOW_ANALYSIS, "/analysis/flowAnalysis"),
    (P.INBOX, "/info/inbox"),
    (P.LOG_INFO, "/info/logInfo"),
    (P.REAL_TIME_FAULT, "/info/realTimeFault"),
    (P.PERSONALIZATION, "/system/personalization"),
    (P.CUSTOM_PAGE, "/customPage"),
)
_PAGE_OF = {code.value: path for code, path in DEFAULT_PAGES}


def default_page(menu_permission: str | None) -> str:
    """SPEC §2: the page a permission code lands on; empty or unknown codes land on /index."""
    return _PAGE_OF.get(menu_permission or "", "/index")


def menu_permission(granted: frozenset[str], home_page: str | None) -> str:
    """The code whose page a user lands on: the role's custom home page when granted, else the first granted."""
    if home_page and home_page in _PAGE_OF and home_page in granted:
        return home_page
    for code, _ in DEFAULT_PAGES:
        if code in granted:
            return code.value
    return Perm.HOME.value


def normalize(codes: set[str] | frozenset[str] | list[str]) -> frozenset[str]:
    """Known codes only, with every granted code's ancestors added so a granted page is reachable."""
    out: set[str] = set()
    for raw in codes:
        if raw not in ALL_CODES:
            continue
        node: PermNode | None = NODES[Perm(raw)]
        while node is not None:
            out.add(node.code.value)
            node = NODES[node.parent] if node.parent else None
    return frozenset(out)
