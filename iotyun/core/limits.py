"""SPEC §5 and §9 numbers, and the constrained field types that enforce them with their catalogue codes."""

import re
from typing import Annotated, Any, Literal, get_args

from email_validator import EmailNotValidError, validate_email
from pydantic import AfterValidator, BeforeValidator, ValidationError
from pydantic_core import PydanticCustomError

from iotyun.core.errors import AppError, ErrorCode

# SPEC §9
TOAST_MS = 3000
TOAST_FADE_MS = 400
ERROR_TOAST_MS = 5000
REQUEST_TIMEOUT_MS = 90000
TIMESTAMP_REFRESH_S = 10
SIGNATURE_TTL_S = 60
EXPORT_ROW_CAP = 5000
IMPORT_MAX_BYTES = 20 * 1024 * 1024
SHARE_USERS_MAX = 10
ALARM_LEVEL_MIN, ALARM_LEVEL_MAX = 1, 5
# An alarm is shelved for 5 minutes to 7 days, with a reason of at most ALARM_NOTE_MAX characters.
ALARM_SHELVE_MIN_MINUTES, ALARM_SHELVE_MAX_MINUTES = 5, 7 * 24 * 60
ALARM_STORAGE_MAX = 2000
ALARM_STORAGE_TRIM = 200
# SPEC §9 history storage: at most history_storage_mb per user (quota, default 200 MB), oldest 1000 values deleted
# beyond it; a stored value is counted at HISTORY_VALUE_BYTES (the history_value row's size on PostgreSQL).
HISTORY_STORAGE_TRIM = 1000
HISTORY_VALUE_BYTES = 32
ALARM_NOTE_MAX = 200
# SPEC §3 user quotas (docs/decisions.md "Bounded by default"): every user of every tenant is bounded. These are the
# platform's defaults and ceilings: the operator changes each with IOTYUN_QUOTA_<NAME> (core/config.py), a tenant's
# administrator sets a user's value at or below it (a user without a value of their own has the platform's).
# Counts, except *_mb (mebibytes); sms_push and wechat_push are pushes a day.
QUOTA_FIELDS = (
    "device_share",
    "template_share",
    "template_create",
    "screens",
    "gallery_mb",
    "screen_versions_mb",
    "exports_kept",
    "sms_push",
    "wechat_push",
    "alarm_storage",
    "history_storage_mb",
)
QUOTA_DEFAULTS: dict[str, int] = {
    "device_share": 100,
    "template_share": 100,
    "template_create": 50,
    "screens": 200,
    "gallery_mb": 100,
    "screen_versions_mb": 50,
    "exports_kept": 50,
    "sms_push": 100,
    "wechat_push": 100,
    "alarm_storage": ALARM_STORAGE_MAX,
    "history_storage_mb": 200,
}
QUOTA_MAX = 2**31 - 1  # user_quota's integer columns
MB = 1024 * 1024  # the unit of the *_mb quotas
# Live values, history and writes (docs/api-telemetry.md)
HISTORY_SOURCES_MAX = 10
HISTORY_RANGE_MAX_DAYS = 366
HISTORY_WIDTH_MIN, HISTORY_WIDTH_MAX, HISTORY_WIDTH_DEFAULT = 10, 10000, 1000
# The point cap of one bucketed series (a minute series over 138 days): a longer grid is refused (100004).
HISTORY_BUCKETS_MAX = 200_000
HISTORY_BUCKETS = ("raw", "minute", "hour", "day", "week", "month", "year")
HISTORY_AGGREGATES = ("avg", "max", "min", "sum", "count", "distinct_count", "first", "last")
HISTORY_FILLS = ("none", "null", "zero", "previous", "linear")
CONTROL_PASSWORD_MIN, CONTROL_PASSWORD_MAX = 6, 32
# Ingest (docs/device-protocol.md "Values batch"): what one gateway message may carry before it is refused whole.
INGEST_PAYLOAD_MAX_BYTES = 512 * 1024
INGEST_BATCH_VALUES_MAX = 1000
INGEST_TEXT_MAX = 255  # history_value.text
INGEST_SEQ_MAX = 2**63 - 1  # boot and seq are stored as signed 64-bit integers
GATEWAY_IP_MAX = 45  # gateway.ip
GATEWAY_FIRMWARE_MAX = 32  # gateway.firmware_version
GATEWAY_MODEL_MAX = 20  # gateway.model, as a gateway may report it (issue 34: what an upgrade must fit)
PAGE_SIZE_DEFAULT = 20
PAGE_SIZE_MAX = 200

# Request inputs (docs/api.md "Input limits"): bodies are refused while read once past their route's limit; a JSON
# body is at most JSON_DEPTH_MAX levels deep; integers are 64-bit (the database's widest); times in epoch ms lie
# in years 1970-9999.
JSON_BODY_MAX_BYTES = 256 * 1024
MULTIPART_OVERHEAD_BYTES = 64 * 1024
UPLOAD_BODY_MAX_BYTES = IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES
JSON_DEPTH_MAX = 64
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
EPOCH_MS_MIN, EPOCH_MS_MAX = 0, 253402300799999
# The last page whose row offset is still a 64-bit integer at the largest page size.
PAGE_MAX = INT64_MAX // PAGE_SIZE_MAX
# Spreadsheet imports (core/spreadsheets.py): parsed in a worker thread within these bounds, or refused with 110528.
IMPORT_ROWS_MAX = 10000
IMPORT_COLUMNS_MAX = 64
IMPORT_CELLS_MAX = 200_000
IMPORT_UNZIPPED_MAX_BYTES = 100 * 1024 * 1024
IMPORT_ZIP_RATIO_MAX = 100
IMPORT_SHARED_STRINGS_MAX = 200_000
IMPORT_PARSE_SECONDS = 20.0

# SPEC §5 account rules (the password's upper bound is ours: the spec fixes only "at least 6, letters or digits")
USER_NAME_MIN, USER_NAME_MAX = 3, 32
PASSWORD_MIN, PASSWORD_MAX = 6, 20
PHONE_DIGITS = 11
NICKNAME_MAX = 10
COMPANY_MAX = 30
VERIFY_CODE_LENGTH = 6
VERIFY_CODE_MAX_ATTEMPTS = 5
CAPTCHA_LENGTH = 4

# Abuse limits of the open account endpoints and the device-secret checks (docs/security.md "Throttles"). Per-address
# windows are counted in the process (core.ratelimit); per-account ones in the database.
CAPTCHAS_PER_ADDRESS = 60
CAPTCHA_WINDOW_S = 60
CODES_PER_ADDRESS = 20
CODES_PER_ACCOUNT = 5
CODE_WINDOW_S = 3600
# QR sign-in (docs/api.md "QR sign-in"): a ticket lives two minutes; an address makes at most 20 a minute (a login
# page refreshes its code every two minutes, so this is many browsers behind one address).
QR_TICKET_TTL_S = 120
QR_TICKETS_PER_ADDRESS = 20
QR_TICKET_WINDOW_S = 60
# Wrong device secrets: per (SN, address) pair, per SN across addresses, and a ceiling per address for one address
# trying many SNs, high enough that gateways behind one NAT do not share a small budget (docs/security.md).
GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS = 10
GATEWAY_SECRET_FAILURES_PER_SN = 50
GATEWAY_SECRET_FAILURES_PER_ADDRESS = 200
GATEWAY_SECRET_WINDOW_S = 600
# Keys (addresses, SNs) an in-process window keeps at most; the least recently used go first.
RATE_LIMIT_KEYS_MAX = 50_000

# SPEC §5 team rules: role names have no special characters or spaces; "Name max 32" for roles and user groups.
ROLE_NAME_MAX = 32
GROUP_NAME_MAX = 32
# A report group's name (issue 17 contract A): 1-10 characters, unique among its owner's groups.
REPORT_GROUP_NAME_MAX = 10
# Letters (any script, so Chinese names pass), digits and underscores; NAME_PATTERN_WEB is the same for JS (flag u).
NAME_RE = re.compile(r"^\w+$")
NAME_PATTERN_WEB = r"^[\p{L}\p{N}_]+$"

USER_NAME_RE = re.compile(rf"^[A-Za-z][A-Za-z0-9_]{{{USER_NAME_MIN - 1},{USER_NAME_MAX - 1}}}$")
PASSWORD_RE = re.compile(rf"^[A-Za-z0-9]{{{PASSWORD_MIN},{PASSWORD_MAX}}}$")
PHONE_RE = re.compile(rf"^\d{{{PHONE_DIGITS}}}$")

# Devices (docs/api-devices.md): SPEC §5 "SN code alphanumeric under 20", "flow card number at least 18 digits, no
# special characters"; the other lengths are the device table's columns.
SN_MAX = 19
SN_RE = re.compile(rf"^[A-Za-z0-9]{{1,{SN_MAX}}}$")
DEVICE_SECRET_MIN, DEVICE_SECRET_MAX = 6, 32
DEVICE_ALIAS_MAX = 32
DEVICE_ADDRESS_MAX = 200
CONTACT_NAME_MAX = 32
SITE_TYPE_MAX = 32
DEVICE_REMARK_MAX = 200
VIDEO_URL_MAX = 500
VIDEO_URL_RE = re.compile(r"^(https?|rtsp|rtmp|wss?)://[^\s/?#]+\S*$")
# Video cloud accounts, their cameras and a template's camera slots (docs/api-video.md); an address the server hands
# out or keeps (core/video_addresses.py), a live one included, is at most VIDEO_ADDRESS_MAX characters.
VIDEO_APP_KEY_MAX = 64
VIDEO_SECRET_MAX = 256
VIDEO_SERIAL_MAX = 32
VIDEO_CAMERA_NAME_MAX = 64
VIDEO_CHANNEL_MAX = 256
TEMPLATE_CAMERAS_MAX = 16
VIDEO_ADDRESS_MAX = 2000
ICCID_MIN, ICCID_MAX = 18, 32
ICCID_RE = re.compile(rf"^[0-9A-Za-z]{{{ICCID_MIN},{ICCID_MAX}}}$")
ICCID_MIN_DIGITS = 18
# SPEC §9 "test flow 6M": what a new flow card holds in its operator test period.
FLOW_CARD_TEST_MB = 6


# Templates (docs/api-templates.md): SPEC §5 "name max 32; description max 200", §3 designer size presets, §5
# "template permission items max 15"; the data source and screen bounds are ours (the spec names none).
TEMPLATE_NAME_MAX = 32
TEMPLATE_DESCRIPTION_MAX = 200
TEMPLATE_SOFT_TYPE_MAX = 32
TEMPLATE_TYPES = ("standard", "nonstandard")
TEMPLATE_DATA_VERSIONS = ("1.0", "2.0")
WEB_SIZE_PRESETS = ((1280, 720), (1120, 630))
WEB_SIZE_DEFAULT = (1120, 630)
MOBILE_SIZE_PRESETS = ((750, 1334), (720, 1280), (480, 800))
MOBILE_SIZE_DEFAULT = (750, 1334)
WEB_WIDTH_RANGE, WEB_HEIGHT_RANGE = (200, 7680), (200, 4320)
MOBILE_WIDTH_RANGE, MOBILE_HEIGHT_RANGE = (200, 2160), (200, 4320)
TEMPLATE_PERMISSION_ITEMS = ("view", "copy", "bind", "design", "data_source", "publish", "export")
TEMPLATE_PERMISSION_ITEMS_MAX = 15
SCREEN_NAME_MAX = 32
SCREENS_PER_KIND_MAX = 50
SCREEN_DOCUMENT_MAX_MB = 2
SCREEN_DOCUMENT_MAX_BYTES = SCREEN_DOCUMENT_MAX_MB * 1024 * 1024
SCREEN_SCHEMA_VERSION = 1
# Monitoring tables of a template ("middlewares", issue 35; docs/api-templates.md "Monitoring tables"): ours.
MIDDLEWARE_NAME_MAX = 32
MIDDLEWARE_DESCRIPTION_MAX = 200
MIDDLEWARES_PER_TEMPLATE_MAX = 50
MIDDLEWARE_COLUMNS_MAX = 100
MIDDLEWARE_COLUMN_TITLE_MAX = 32
MIDDLEWARE_COLUMN_WIDTH_RANGE = (60, 600)
MIDDLEWARE_ROW_HEIGHT_RANGE = (24, 96)
MIDDLEWARE_BANDS_MAX = 8
MIDDLEWARE_DECIMALS_MAX = 6
MIDDLEWARE_STALE_RANGE_S = (5, 86400)
MIDDLEWARE_STALE_DEFAULT_S = 300
# The rows one monitoring table answers at once (the devices bound to its template that the viewer reads, by name);
# the console virtualizes them. Issue 35 measures 500 rows x 30 columns.
MONITOR_ROWS_MAX = 2000
# A user's monitor setting (/monitor/monitorSetting, issue 35): how many tables it may choose, the periods a table may
# be re-read at instead of following the live socket (0: live).
MONITOR_SETTING_TABLES_MAX = 100
MONITOR_REFRESH_S = (0, 5, 10, 30, 60)
# Groups of monitoring tables (middlewaresGrouping): per tenant, their names and how many tables one holds.
MONITOR_GROUP_NAME_MAX = 32
MONITOR_GROUPS_MAX = 100
MONITOR_GROUP_TABLES_MAX = 50
# Named versions of a screen's design (docs/api-templates.md): ours. Automatic versions (kept before a restore) give
# way first when a screen holds the most.
SCREEN_VERSIONS_MAX = 50
SCREEN_VERSION_NAME_MAX = 32
# Thumbnails (GET /yun/module/view/thumbnails): the main screens of at most this many templates per request.
SCREEN_THUMBNAILS_MAX = 50
# The canvas size ranges of a screen by kind (the template's own sizes follow the same rule, 115013).
SCREEN_SIZE_RANGES = {
    "web": (WEB_WIDTH_RANGE, WEB_HEIGHT_RANGE),
    "mobile": (MOBILE_WIDTH_RANGE, MOBILE_HEIGHT_RANGE),
}
# The screen document (templates/screens/document.py): SPEC §3 "Screen element state", §5 "state count 2 to 255",
# "flicker frequency 0.01 to 1000; default 0.5", "background images jpg or png"; the counts and sizes are ours.
# The designer's element registry (DESIGN §7, web/src/designer/elements): the server refuses any other type (115212).
ELEMENT_TYPES = (
    "text",
    "value",
    "image",
    "rect",
    "ellipse",
    "line",
    "polyline",
    "pipe",
    "symbol",
    "indicator",
    "switch",
    "button",
    "input",
    "gauge",
    "tank",
    "chart",
    "alarm_list",
    "time",
    "link",
    "iframe",
    "video",
    "model3d",
    "camera",
)
# A screen of more elements is refused (115215): 1,000 draws and updates smoothly in the DOM (DESIGN §7).
SCREEN_ELEMENTS_MAX = 1000
SCREEN_GROUPS_MAX = 1000
# An element's coordinates lie within ±this and its width and height up to it, in canvas pixels.
SCREEN_COORDINATE_MAX = 100_000
ELEMENT_ID_MAX = 64
# The name a user gives an element in the layers panel (issue 30 point 7); empty: the designer names it itself.
ELEMENT_NAME_MAX = 64
ELEMENT_STATES_MIN, ELEMENT_STATES_MAX = 2, 255
ELEMENT_BINDINGS_MAX = 16
ELEMENT_ACTIONS_MAX = 16
FLICKER_TYPES = ("none", "background", "text")
# Animation by value (docs/designer-animation.md): the kinds an element may carry, at most ELEMENT_ANIMATIONS_MAX of
# them; an expression of at most ANIMATION_EXPRESSION_MAX characters and ANIMATION_EXPRESSION_DEPTH_MAX levels of
# nesting (parentheses, calls and unary operators), naming up to ANIMATION_INPUTS_MAX data sources; a path of
# ANIMATION_PATH_POINTS_MIN to _MAX points (115219-115224). One animated element is one CSS transform, so 100 of
# 500 stay cheap (B7/B8 hold with them, docs/operations.md).
ANIMATION_KINDS = ("spin", "rotate", "move", "scale", "fill", "visible", "opacity")
ELEMENT_ANIMATIONS_MAX = 8
ANIMATION_EXPRESSION_MAX = 200
ANIMATION_EXPRESSION_DEPTH_MAX = 12
ANIMATION_INPUTS_MAX = 8
ANIMATION_PATH_POINTS_MIN, ANIMATION_PATH_POINTS_MAX = 2, 32
ANIMATION_FUNCTIONS = ("min", "max", "abs", "clamp", "round", "floor", "ceil", "if")
# A 3D model element (issue 38 point 1, templates/screens/document.py `Model3dSettings`): the glTF nodes a state
# recolours, the drives (a node's rotation, position or height from a value) and spins (a node turning at a value's
# rpm) it carries, each bound to a data source of the template under its own binding key (so they share
# ELEMENT_BINDINGS_MAX with the state's source); a node's name as glTF gives it; a saved camera's coordinates and a
# spin's rpm per unit within ±their maximum.
MODEL3D_DRIVE_KINDS = ("rotation_x", "rotation_y", "rotation_z", "position_x", "position_y", "position_z", "scale_y")
MODEL3D_MESHES_MAX = 32
MODEL3D_DRIVES_MAX = 8
MODEL3D_SPINS_MAX = 4
MODEL3D_NODE_NAME_MAX = 64
MODEL3D_COORDINATE_MAX = 1_000_000
MODEL3D_RPM_FACTOR_MAX = 10_000
FLICKER_FREQUENCY_MIN, FLICKER_FREQUENCY_MAX, FLICKER_FREQUENCY_DEFAULT = 0.01, 1000.0, 0.5
CANVAS_SIZE_MAX = 7680
CANVAS_GRID_MAX = 200
BACKGROUND_IMAGE_TYPES = ("jpg", "jpeg", "png")
SCREEN_URL_MAX = 500
SCREEN_TEXT_MAX = 1000
# A screen document's request: the document and its envelope fields (core/inputs.py).
SCREEN_BODY_MAX_BYTES = SCREEN_DOCUMENT_MAX_BYTES + JSON_BODY_MAX_BYTES
TILE_GROUP_NAME_MAX = 32
# The gallery (docs/api-resources.md): SPEC §5 "classification name max 10; picture name max 20", "images max 1MB,
# 100KB or 2MB depending on use; background images jpg or png". An image's use names its cap; its type is judged by
# its bytes. IMAGE_SIZE_TEXT is how the cap reads in 114011.
GALLERY_CLASSIFY_NAME_MAX = 10
PICTURE_NAME_MAX = 20
IMAGE_USES = ("icon", "image", "background")
IMAGE_USE_MAX_BYTES = {"icon": 100 * 1024, "image": 1024 * 1024, "background": 2 * 1024 * 1024}
IMAGE_SIZE_TEXT = {"icon": "100 KB", "image": "1 MB", "background": "2 MB"}
IMAGE_TYPES = ("jpg", "png", "svg")
# An SVG is an icon or an image, never a background (SPEC §5 "background images jpg or png").
SVG_IMAGE_USES = ("icon", "image")
# An image is decoded whole before it is kept (resources/images.py): at most IMAGE_PIXELS_MAX pixels (a 4K screen
# twice over; a larger declared size is a decompression bomb, 114019) and IMAGE_SIDE_MAX on a side.
IMAGE_PIXELS_MAX = 16_777_216
IMAGE_SIDE_MAX = 16384
# Images decoded at once in a server process (a 3D model's textures one after the other, in one of them).
IMAGE_DECODERS = 2
# An upload's body: the largest image and the form around it; larger bodies are refused before they are read whole.
IMAGE_BODY_MAX_BYTES = max(IMAGE_USE_MAX_BYTES.values()) + MULTIPART_OVERHEAD_BYTES
# 3D model files (docs/api-resources.md): SPEC §5 "model name max 20", "Models: gltf, bin, jpg, jpeg, png; exactly one
# gltf; no duplicates; total size limit {size}". The total is ours: 10 MB holds a detailed plant model with its
# textures and stays within what a browser loads on a screen; MODEL_SIZE_TEXT is how it reads in 114017. A file's
# name is a plain name (no folder) of at most MODEL_FILE_NAME_MAX characters.
MODEL_NAME_MAX = 20
MODEL_FILE_TYPES = ("gltf", "bin", "jpg", "jpeg", "png")
MODEL_MAX_BYTES = 10 * 1024 * 1024
MODEL_SIZE_TEXT = "10 MB"
MODEL_FILE_NAME_MAX = 100
MODEL_BODY_MAX_BYTES = MODEL_MAX_BYTES + MULTIPART_OVERHEAD_BYTES
# The software library (issue 34, docs/api-software.md): a package of at most SOFTWARE_PACKAGE_MAX_BYTES (116002,
# SOFTWARE_PACKAGE_SIZE_TEXT in its text): a gateway's own package is a few MB, a mobile app or a PC installer tens
# to a hundred or two. A version is semantic versioning in at most SOFTWARE_VERSION_MAX characters (what a gateway
# reports as its firmware version), for at most SOFTWARE_MODELS_MAX gateway models of at most SOFTWARE_MODEL_MAX
# characters (gateway.model), with update content in each language of at most SOFTWARE_CONTENT_MAX characters.
# A gateway package (a gzip tar) unpacks to at most SOFTWARE_UNPACKED_MAX_BYTES in SOFTWARE_MEMBERS_MAX entries, and
# an archive of any type to at most the same: more is a bomb, not a package.
SOFTWARE_PACKAGE_MAX_BYTES = 200 * 1024 * 1024
SOFTWARE_PACKAGE_SIZE_TEXT = "200 MB"
SOFTWARE_BODY_MAX_BYTES = SOFTWARE_PACKAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES
# A package is read and sent this much at a time: each chunk is a thread hop to read it and a pass through every
# middleware to send it (bench/upgrades.py, 1,000 concurrent downloads: 0.61-0.65 of a bare server's rate at
# Starlette's 64 KiB, 0.85-0.89 at 256 KiB).
SOFTWARE_SEND_CHUNK_BYTES = 256 * 1024
# An upload still in the incoming folder after this long was left by a process that died mid-upload; younger ones may
# be another server's upload under way.
SOFTWARE_INCOMING_MAX_AGE_S = 3600
SOFTWARE_VERSION_MAX = 32
SOFTWARE_MODELS_MAX = 20
SOFTWARE_MODEL_MAX = 20
SOFTWARE_CONTENT_MAX = 2000
SOFTWARE_FILE_NAME_MAX = 128
SOFTWARE_UNPACKED_MAX_BYTES = 1024 * 1024 * 1024
SOFTWARE_MEMBERS_MAX = 20000
SOFTWARE_MANIFEST = "iotyun-package.json"
SOFTWARE_MANIFEST_MAX_BYTES = 64 * 1024
SoftwarePlatform = Literal["gateway", "android", "ios", "windows", "macos", "linux", "any"]
# Upgrades (issue 34, docs/api-software.md "Upgrades"): at most UPGRADE_DEVICES_MAX gateways in one rollout. A
# gateway's download link lives UPGRADE_LINK_S (checked when a request begins, so a long download finishes; a resume
# after it asks for a new link). A device's upgrade that hears nothing from its gateway for UPGRADE_STALL_S while
# downloading, or does not come back on its new version within UPGRADE_INSTALL_S of installing, ends as timed out
# (116011). The upgrades runner ticks every UPGRADE_TICK_S, holds its lease UPGRADE_LEASE_S and sends at most
# UPGRADE_SEND_PER_TICK commands a tick (the rest at the next), so a thousand devices start within seconds without
# a burst of a thousand downloads in one instant. A wave is at least 1 device; its failure threshold is a percent.
UPGRADE_DEVICES_MAX = 5000
UPGRADE_LINK_S = 900
UPGRADE_STALL_S = 600
UPGRADE_INSTALL_S = 600
UPGRADE_TICK_S = 1.0
UPGRADE_LEASE_S = 15.0
UPGRADE_SEND_PER_TICK = 200
UPGRADE_REASON_MAX = 200
# A gateway's VPN takes longer to come up than a register to be written: the console waits this long for its ack.
VPN_WAIT_S = 30.0
SOFTWARE_PLATFORMS: tuple[str, ...] = get_args(SoftwarePlatform)
# SVG uploads, gallery images and tenant symbols (resources/svg.py, docs/security.md "SVG uploads"): a larger file
# (114022), or one of more elements or a deeper nesting (114023), is refused before anything is kept. 512 KB holds
# a detailed P&ID symbol many times over; 5000 elements and 64 levels are far past what a hand or a tool draws.
SVG_MAX_BYTES = 512 * 1024
SVG_SIZE_TEXT = "512 KB"
SVG_ELEMENTS_MAX = 5000
SVG_DEPTH_MAX = 64
# The tenant symbol library (docs/api-resources.md "Symbols"): a symbol's name, a part's name in each language, how
# many parts one symbol marks and how many symbols a tenant keeps (one page of a list, so the palette shows them all).
SYMBOL_NAME_MAX = 20
SYMBOL_PART_NAME_MAX = 20
SYMBOL_PARTS_MAX = 32
SYMBOLS_PER_TENANT_MAX = PAGE_SIZE_MAX
SYMBOL_CATEGORIES = (
    "pump", "valve", "tank", "pipe", "motor", "fan", "compressor", "exchanger", "meter", "conveyor", "electrical",
    "sensor", "other",
)  # fmt: skip
DATA_SOURCE_NAME_MAX = 32
DATA_SOURCE_GROUP_NAME_MAX = 32
DATA_TYPES = ("bit", "int16", "uint16", "int32", "uint32", "float32", "float64", "string")
# Registers each type spans (a string: one register per 2 characters).
DATA_TYPE_REGISTERS = {"bit": 1, "int16": 1, "uint16": 1, "int32": 2, "uint32": 2, "float32": 2, "float64": 4}
REGISTER_AREAS = ("coil", "discrete", "input", "holding")
READ_ONLY_AREAS = ("discrete", "input")
BIT_AREAS = ("coil", "discrete")
REGISTER_ADDRESS_MAX = 65535
BYTE_ORDERS = ("big", "little")
# A register holds 16 bits; a fault of kind "bit" tests a bit of the raw value, up to 64 bits wide.
REGISTER_BIT_MAX = 15
FAULT_BIT_MAX = 63
STRING_LENGTH_MAX = 128
DATA_SOURCE_UNIT_MAX = 16
DECIMALS_MAX = 6
HISTORY_MODES = ("off", "change", "interval")
HISTORY_INTERVAL_MAX_S = 86400
AGGREGATES = ("avg", "max", "min", "sum", "first", "last", "count")
FAULT_OPS = ("gt", "ge", "lt", "le", "eq", "ne")
FAULTS_PER_DATA_SOURCE_MAX = 10
ALARM_NAME_MAX = 32
ALARM_INFO_MAX = 200
# Firmware before 2.0.0 reads these types only; later firmware reads every type (binding shows the difference).
LEGACY_FIRMWARE_TYPES = ("bit", "int16", "uint16", "int32", "uint32", "float32")
FIRMWARE_FULL_TYPES_FROM = (2, 0, 0)


def rule_error(code: ErrorCode, field: str | None = None, **params: Any) -> PydanticCustomError:
    """A validation error that the app renders as `code` next to `field` (see app.py), with text `params`."""
    ctx: dict[str, Any] = {"code": int(code), **params}
    if field:
        ctx["field"] = field
    return PydanticCustomError("app_rule", "rule {code}", ctx)


def rule_app_error(exc: ValidationError, fallback: ErrorCode, field: str | None = None, **params: Any) -> AppError:
    """The first problem of `exc` as the API answers it: a rule's own code, field and text values (rule_error), or
    `fallback` for a value that is not even of its type. `field` names the field when the error's own place does
    not (a bare value validated alone)."""
    first = exc.errors()[0]
    ctx = first.get("ctx") or {}
    loc = [str(p) for p in first.get("loc", ())]
    field = ctx.get("field") or (loc[0] if loc else field)
    if first.get("type") != "app_rule":
        return AppError(fallback, field=field, **params)
    values = {k: v for k, v in ctx.items() if k not in ("code", "field")}
    return AppError(int(ctx["code"]), field=field, **params, **values)


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


def _required(value: str) -> str:
    if not value:
        raise rule_error(ErrorCode.USER_FIELD_MISSING)
    return value


def _matches(pattern: re.Pattern[str], code: ErrorCode) -> AfterValidator:
    def check(value: str) -> str:
        if not pattern.fullmatch(value):
            raise rule_error(code)
        return value

    return AfterValidator(check)


def _max_len(limit: int, code: ErrorCode, *, say_limit: bool = False) -> AfterValidator:
    def check(value: str) -> str:
        if len(value) > limit:
            raise rule_error(code, None, limit=limit) if say_limit else rule_error(code)
        return value

    return AfterValidator(check)


def _not_empty(code: ErrorCode, **params: Any) -> AfterValidator:
    def check(value: str) -> str:
        if not value:
            raise rule_error(code, None, **params)
        return value

    return AfterValidator(check)


def is_email(value: str) -> bool:
    try:
        validate_email(value, check_deliverability=False)
    except EmailNotValidError:
        return False
    return True


def _email(value: str) -> str:
    if not is_email(value):
        raise rule_error(ErrorCode.EMAIL_INVALID)
    return value.lower()


def _account(value: str) -> str:
    if PHONE_RE.fullmatch(value):
        return value
    if "@" in value and is_email(value):
        return value.lower()
    raise rule_error(ErrorCode.ACCOUNT_INVALID)


Stripped = BeforeValidator(_strip)
Required = AfterValidator(_required)

UserName = Annotated[str, Stripped, Required, _matches(USER_NAME_RE, ErrorCode.USER_NAME_INVALID)]
Password = Annotated[str, Required, _matches(PASSWORD_RE, ErrorCode.PASSWORD_INVALID)]
Phone = Annotated[str, Stripped, Required, _matches(PHONE_RE, ErrorCode.PHONE_INVALID)]
Email = Annotated[str, Stripped, Required, AfterValidator(_email)]
# An 11-digit phone number or an email address: the account a verification code goes to.
Account = Annotated[str, Stripped, Required, AfterValidator(_account)]
Nickname = Annotated[str, Stripped, _max_len(NICKNAME_MAX, ErrorCode.NICKNAME_INVALID)]
Company = Annotated[str, Stripped, _max_len(COMPANY_MAX, ErrorCode.COMPANY_INVALID)]
VerifyCode = Annotated[str, Stripped, Required]
RoleName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.ROLE_NAME_INVALID),
    _max_len(ROLE_NAME_MAX, ErrorCode.ROLE_NAME_TOO_LONG, say_limit=True),
    _matches(NAME_RE, ErrorCode.ROLE_NAME_INVALID),
]
GroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.GROUP_NAME_INVALID),
    _max_len(GROUP_NAME_MAX, ErrorCode.GROUP_NAME_TOO_LONG, say_limit=True),
    _matches(NAME_RE, ErrorCode.GROUP_NAME_INVALID),
]

ReportGroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.GROUP_NAME_INVALID),
    _max_len(REPORT_GROUP_NAME_MAX, ErrorCode.GROUP_NAME_TOO_LONG, say_limit=True),
    _matches(NAME_RE, ErrorCode.GROUP_NAME_INVALID),
]


# SPEC §5 device groups, thumbnails and virtual devices; SPEC §9 map themes (docs/api-devices.md sub-packages).
DEVICE_GROUP_NAME_MAX = 10
DEVICE_GROUP_NOTES_MAX = 120
THUMBNAIL_GROUPS_MAX = 50
THUMBNAILS_PER_GROUP_MAX = 30
THUMBNAIL_GROUP_NAME_MAX = 32
THUMBNAIL_GROUP_NOTES_MAX = 120
# SPEC §3, §4 configuration carousel groups (docs/api-carousel.md): per user, interval in seconds.
CAROUSEL_GROUPS_MAX = 50
CAROUSEL_DEVICES_PER_GROUP_MAX = 100
CAROUSEL_GROUP_NAME_MAX = 32
CAROUSEL_INTERVAL_MIN_S, CAROUSEL_INTERVAL_MAX_S, CAROUSEL_INTERVAL_DEFAULT_S = 5, 3600, 30
# SPEC §3, §5, §9 reports (docs/api-reports.md). Chart type 8 is the sorted bar (SPEC names it without a code).
# Hourly and minute buckets limit a report's time range to REPORT_HOUR_RANGE_MAX_DAYS / REPORT_MINUTE_RANGE_MAX_DAYS
# (118210); a report holds at most REPORT_FILTERS_MAX filters (118211).
REPORT_TITLE_MAX = 32
REPORT_CHART_TYPES = (1, 2, 3, 4, 5, 6, 7, 8)
REPORT_TABLE_KINDS = {6: 38, 7: 54, 8: 62, 9: 67}  # table kind → its time field id
REPORT_COMPARISON_MAX = 10
REPORT_DIMENSION_GROUPS_MAX = 10
REPORT_FILTERS_MAX = 20
REPORT_HOUR_RANGE_MAX_DAYS = 31
REPORT_MINUTE_RANGE_MAX_DAYS = 2
REPORT_DEVICES_MAX = 10
REPORT_AGGREGATIONS = ("count", "distinct_count", "avg", "max", "min", "sum", "first", "last")
REPORT_TIME_UNITS = ("year", "month", "week", "day", "hour", "minute")
REPORT_FILTER_OPERATORS = ("eq", "ne", "gt", "ge", "lt", "le", "range", "contain", "not_contain", "null", "not_null")
REPORT_REFRESH_MAX_S = 86400
# A report's range (its own start and end, or the last time_offset units up to now, and its time filters' values)
# lies within EPOCH_MS_MIN … REPORT_TIME_MAX_MS (118214): 9998-01-01 UTC, so a year bucket, the one after it and a
# zone's offset stay within Python's dates (year 9999) and both databases'. It holds at most REPORT_BUCKETS_MAX
# buckets of its time unit (118215); history data (kind 6) at most HISTORY_RANGE_MAX_DAYS (118217).
REPORT_TIME_MAX_MS = 253_339_228_800_000
REPORT_BUCKETS_MAX = 10_000
# SPEC §9 chart themes (the web's palettes in components/charts/report/themes.ts, 10 colours each) and data colour
# conditions: a value in [min, max) takes the condition's #rrggbb colour; at most REPORT_COLOUR_CONDITIONS_MAX a report.
REPORT_CHART_THEMES = ("orange", "orangeTech", "blue", "blueTech", "green", "greenTech")
REPORT_CHART_THEME_DEFAULT = "blue"
REPORT_COLOUR_CONDITIONS_MAX = 10
# Dashboards (docs/api-dashboards.md): SPEC §5 "dashboard name max 64", "sector name max 6 and description max 500",
# §1's 7 dashboard themes and 13 widget types (the web's registry in features/dashboard/widgets); the resolution
# range, counts and sizes are ours.
DASHBOARD_NAME_MAX = 64
DASHBOARD_GROUP_NAME_MAX = 32
DASHBOARD_GROUPS_MAX = 100
DASHBOARDS_MAX = 500
DASHBOARD_WIDTH_MIN = 320
DASHBOARD_WIDTH_MAX = 7680
DASHBOARD_HEIGHT_MIN = 240
DASHBOARD_HEIGHT_MAX = 4320
DASHBOARD_THEMES = ("glacierWhite", "emeraldGreen", "sunlightOrange", "snorkelBlue", "starryBlue", "default", "tech")
DASHBOARD_THEME_DEFAULT = "tech"
DASHBOARD_CARDS_MAX = 100
# The grid a layout is placed on: 24 columns on the desktop breakpoint (a new card spans 8), 2 on the phone.
DASHBOARD_COLUMNS = 24
DASHBOARD_MOBILE_COLUMNS = 2
DASHBOARD_ROWS_MAX = 1000
DASHBOARD_CARD_TITLE_MAX = 32
# A card's settings as stored: at most this many bytes of compact JSON (a text card's text included).
DASHBOARD_CARD_SETTINGS_BYTES_MAX = 16_384
DASHBOARD_CONTAINER_TABS_MAX = 10
DASHBOARD_AUDIENCE_MAX = 200
WIDGET_TYPES = (
    "report",
    "map",
    "configuration",
    "fault",
    "text",
    "time",
    "weather",
    "iframe",
    "container",
    "netMonitor",
    "dashboardToggle",
    "deviceTree",
    "groupTree",
    "camera",
    "model3d",
)
# Messages (issue 32, docs/api-messages.md): what an inbox holds, and SPEC §8's 117804 "message too long".
MessageKind = Literal["alarm", "notice", "message", "share", "handover", "export", "report", "upgrade"]
MESSAGE_KINDS: tuple[str, ...] = get_args(MessageKind)
MESSAGE_TITLE_MAX = 100
MESSAGE_BODY_MAX = 2000
MessageLinkType = Literal["device", "alarm", "template", "export", "report", "notice", "upgrade", "software"]
MESSAGE_LINK_TYPES: tuple[str, ...] = get_args(MessageLinkType)
# Messages one call marks read or deletes at most (more: "all").
MESSAGE_BATCH_MAX = 200
# A written message names at most this many users, roles and groups (each); a notice is scheduled at most this far
# ahead. The messages runner (scheduled notices) ticks this often and holds its lease this long.
MESSAGE_ADDRESSEES_MAX = 500
NOTICE_SCHEDULE_MAX_DAYS = 365
NoticeState = Literal["unsent", "scheduled", "sent"]
MESSAGES_TICK_S = 5.0
# Alarm notification rules (docs/api-notifications.md): a name's length, a webhook or robot URL's, a webhook secret's,
# and the longest escalation delay (a day, in minutes).
NOTIFY_RULE_NAME_MAX = 32
NOTIFY_URL_MAX = 500
NOTIFY_SECRET_MAX = 128
NOTIFY_ESCALATE_MAX_MINUTES = 24 * 60
# Outgoing webhooks (docs/api-system.md "Outgoing webhooks"): the events a subscription may choose, the subscriptions
# a tenant keeps, a name's length, the devices and device groups one names, and the deliveries one may have waiting
# (past it, new ones are recorded skipped: a receiver down for long does not fill the outbox).
WebhookEvent = Literal[
    "device.online",
    "device.offline",
    "alarm.produced",
    "alarm.recovered",
    "alarm.confirmed",
    "value.written",
    "upgrade.finished",
]
WEBHOOK_EVENTS: tuple[str, ...] = get_args(WebhookEvent)
WEBHOOKS_PER_TENANT_MAX = 20
WEBHOOK_NAME_MAX = 32
WEBHOOK_DEVICES_MAX = 200
WEBHOOK_BACKLOG_MAX = 1000
# App keys of the open API (docs/api-system.md "Open API"): the scopes a key may hold, the keys a user keeps, a name's
# length, an IP allow list's entries, a key's calls a minute and a day (its own limits are at most these), and how far
# a signed call's timestamp may be from the server's clock (its nonce is kept twice as long).
AppKeyScope = Literal["devices:read", "history:read", "values:write", "devices:manage"]
APP_KEY_SCOPES: tuple[str, ...] = get_args(AppKeyScope)
APP_KEYS_PER_USER_MAX = 20
APP_KEY_NAME_MAX = 32
APP_KEY_IPS_MAX = 20
APP_KEY_RATE_DEFAULT = 60
APP_KEY_RATE_MAX = 600
APP_KEY_QUOTA_DEFAULT = 10000
APP_KEY_QUOTA_MAX = 1000000
APP_KEY_SKEW_S = 300
# Automations' forward targets (docs/api-automations.md "Target"): the targets a tenant keeps, a name's length, the
# columns a database target maps, a header's count, the timeouts of a delivery (connecting, then all of it), and the
# rows of a `table` target one page lists.
AUTOMATION_TARGETS_PER_TENANT_MAX = 50
AUTOMATION_TARGET_NAME_MAX = 64
AUTOMATION_TARGET_COLUMNS_MAX = 20
AUTOMATION_TARGET_HEADERS_MAX = 20
AUTOMATION_TARGET_SECRET_MAX = 500
FORWARD_CONNECT_TIMEOUT_S = 5.0
FORWARD_TIMEOUT_S = 10.0
MESSAGES_LEASE_S = 30.0
SECTOR_NAME_MAX = 6
SECTOR_DESCRIPTION_MAX = 500
SECTORS_MAX = 50
SECTOR_DASHBOARDS_MAX = 20
SECTOR_INTERVAL_MAX_S = 3600
# Custom pages and menus (SPEC §1, §2 /customPage, §5; docs/api-system.md "Custom pages and menus"): an entry's name
# is 1 to 15 characters and unique in the configuration; the top bar holds at most CUSTOM_MENU_TOP_MAX entries (SPEC
# leaves the number out), the sidebar CUSTOM_MENU_SIDE_MAX, a group CUSTOM_MENU_CHILDREN_MAX; an entry is shown to at
# most CUSTOM_MENU_ROLES_MAX chosen roles; the two titles are required, at most CUSTOM_MENU_TITLE_MAX characters.
CUSTOM_MENU_NAME_MIN, CUSTOM_MENU_NAME_MAX = 1, 15
CUSTOM_MENU_TOP_MAX = 8
CUSTOM_MENU_SIDE_MAX = 20
CUSTOM_MENU_CHILDREN_MAX = 15
CUSTOM_MENU_ROLES_MAX = 50
CUSTOM_MENU_TITLE_MAX = 32
CUSTOM_MENU_URL_MAX = 500
CUSTOM_MENU_ID_MAX = 32
# The console's icons an entry may show (web/src/components/custom-menu-icons.tsx draws each).
CUSTOM_MENU_ICONS = (
    "AppstoreOutlined",
    "BarChartOutlined",
    "BlockOutlined",
    "CloudUploadOutlined",
    "ClusterOutlined",
    "DashboardOutlined",
    "DesktopOutlined",
    "FundProjectionScreenOutlined",
    "HomeOutlined",
    "LayoutOutlined",
    "MessageOutlined",
    "MonitorOutlined",
    "PlaySquareOutlined",
    "SettingOutlined",
    "TeamOutlined",
    "LinkOutlined",
    "GlobalOutlined",
    "FileTextOutlined",
    "LineChartOutlined",
    "PieChartOutlined",
    "ToolOutlined",
    "AlertOutlined",
    "DatabaseOutlined",
    "EnvironmentOutlined",
    "ThunderboltOutlined",
    "VideoCameraOutlined",
)
# The export centre (docs/api-exports.md): a file is kept EXPORT_KEEP_DAYS days; the runner looks for work every
# EXPORT_TICK_S seconds and holds its database lease EXPORT_LEASE_S seconds (renewed on every tick and progress step),
# a running job's own lease EXPORT_JOB_LEASE_S; a scheduled report mails at most REPORT_SCHEDULE_EMAILS_MAX addresses.
EXPORT_KEEP_DAYS = 7
EXPORT_TICK_S = 2.0
EXPORT_LEASE_S = 30
EXPORT_JOB_LEASE_S = 60
EXPORT_SWEEP_EVERY_S = 300
# Per runner tick: at most this many expired exports removed, due schedules started (the rest at the next tick).
EXPORT_SWEEP_BATCH = 500
REPORT_SCHEDULES_PER_TICK = 100
EXPORT_TITLE_MAX = 64
# Jobs waiting or running (queued + running, manual and scheduled) a user, and a tenant, may have when asking for
# another export (201805, 201806); the runner takes jobs round-robin between tenants, then users.
EXPORT_QUEUED_PER_USER_MAX = 10
EXPORT_QUEUED_PER_TENANT_MAX = 50
REPORT_SCHEDULE_EMAILS_MAX = 10

# Mail (docs/api-mail.md, the delivery core team/mail/delivery.py): a tenant mails only its users' addresses and the
# addresses their owners verified. The daily caps per tenant (a UTC day; IOTYUN_MAIL_* settings change them) count
# messages, and recipients once per message they are mailed; a message over either cap is not sent, nor anything
# after it that day. A verification link lives MAIL_VERIFY_TTL_S; one address gets a verification from a tenant at
# most every MAIL_VERIFY_RESEND_S seconds, from all tenants at most MAIL_VERIFY_PER_ADDRESS_DAY a day; a tenant sends
# at most IOTYUN_MAIL_VERIFICATIONS_PER_DAY a day and keeps at most MAIL_RECIPIENTS_MAX addresses (100019).
MAIL_MESSAGES_PER_DAY = 200
MAIL_RECIPIENTS_PER_DAY = 500
MAIL_VERIFICATIONS_PER_DAY = 20
MAIL_VERIFY_TTL_S = 24 * 3600
MAIL_VERIFY_RESEND_S = 600
MAIL_VERIFY_PER_ADDRESS_DAY = 3
MAIL_RECIPIENTS_MAX = 200
MAIL_ADDRESS_MAX = 254
MAIL_TOKEN_MAX = 128
# A title (reports, and what becomes a mail subject) holds no control character: C0, DEL, C1, and the line and
# paragraph separators U+2028/U+2029 (117814).
CONTROL_CHARACTERS_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def has_control_characters(value: str) -> bool:
    return CONTROL_CHARACTERS_RE.search(value) is not None


def header_safe(value: str) -> str:
    """`value` fit for one header line: every control character (CR, LF, C0, C1, U+2028/2029) becomes a space."""
    return re.sub(r" {2,}", " ", CONTROL_CHARACTERS_RE.sub(" ", value)).strip()


REPORT_SCHEDULE_FREQUENCIES = ("daily", "weekly", "monthly")
# The report table view's rows and a device's online periods (issue 17 contracts B, E).
ONLINE_PERIODS_MAX = 200
# A flow card's used flow as a gateway reports it in its state message (docs/device-protocol.md): 0 … 10^7 MB.
FLOW_USED_MB_MAX = 10_000_000
# Traffic and online-time details: day buckets over at most 366 days, hour buckets over at most 31 days.
ONLINE_HOUR_RANGE_MAX_DAYS = 31
TRAFFIC_RANGE_MAX_DAYS = 366
# Share links (docs/api-sharing.md): 1-20 devices each, a note of up to 100 characters, an access limit up to
# SHARE_LINK_ACCESS_LIMIT_MAX opens; the token is secrets.token_urlsafe(24) (32 characters).
SHARE_LINK_DEVICES_MIN, SHARE_LINK_DEVICES_MAX = 1, 20
SHARE_LINK_NOTE_MAX = 100
# A shared device screen lists at most this many of the device's active alarms (newest first).
SHARE_LINK_ALARMS_SHOWN = 100
SHARE_LINK_ACCESS_LIMIT_MAX = 1_000_000
SHARE_LINK_TOKEN_BYTES = 24
SHARE_LINK_TOKEN_MAX = 64
# A link's token is stored only as its SHA-256 in hex (core.security.digest), like a session token.
SHARE_LINK_TOKEN_HASH_LEN = 64
# Anonymous share-link calls per address (opens, a device's screen, writes) within the window.
SHARE_CALLS_PER_ADDRESS = 120
SHARE_WINDOW_S = 60
# Live sockets (/v2/ws/web/rtd and /sharedComponentsWs; docs/api-telemetry.md "Limits"), counted in each process: at
# most this many sockets per client address that have not sent their auth frame yet (each has
# WS_AUTH_DEADLINE_S to send it), and at most this many share-link sockets per address and per link. A socket
# over a cap is closed with 4429 after an error frame 100008.
WS_UNAUTHENTICATED_PER_ADDRESS = 20
WS_AUTH_DEADLINE_S = 5.0
SHARE_SOCKETS_PER_ADDRESS = 30
SHARE_SOCKETS_PER_LINK = 100
VIRTUAL_NAME_MAX = 32
VIRTUAL_PERMISSIONS = ("view", "write", "alarm", "history")
VIRTUAL_VERSIONS = ("1.0", "2.0")
VIRTUAL_MEMBERS_MAX = 50
GPS_HISTORY_MAX_DAYS = 31
GPS_HISTORY_MAX_POINTS = 5000
MapTheme = Literal[
    "normal",
    "light",
    "dark",
    "redalert",
    "googlelight",
    "grassgreen",
    "midnight",
    "pink",
    "darkgreen",
    "bluish",
    "grayscale",
    "hardedge",
]
MAP_THEMES: tuple[str, ...] = get_args(MapTheme)


DeviceGroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.DEVICE_GROUP_NAME_TOO_LONG),
    _max_len(DEVICE_GROUP_NAME_MAX, ErrorCode.DEVICE_GROUP_NAME_TOO_LONG),
]
DeviceGroupNotes = Annotated[str, Stripped, _max_len(DEVICE_GROUP_NOTES_MAX, ErrorCode.DEVICE_GROUP_NOTES_TOO_LONG)]
VirtualName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.VIRTUAL_DEVICE_NAME_TOO_LONG),
    _max_len(VIRTUAL_NAME_MAX, ErrorCode.VIRTUAL_DEVICE_NAME_TOO_LONG, say_limit=True),
]

DashboardName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.DASHBOARD_NAME_EMPTY),
    _max_len(DASHBOARD_NAME_MAX, ErrorCode.DASHBOARD_NAME_TOO_LONG, say_limit=True),
]
DashboardGroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.GROUP_NAME_INVALID),
    _max_len(DASHBOARD_GROUP_NAME_MAX, ErrorCode.GROUP_NAME_TOO_LONG, say_limit=True),
]
SectorName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.PARAM_INVALID),
    _max_len(SECTOR_NAME_MAX, ErrorCode.PARAM_INVALID, say_limit=True),
]
SectorDescription = Annotated[str, Stripped, _max_len(SECTOR_DESCRIPTION_MAX, ErrorCode.PARAM_INVALID, say_limit=True)]

CarouselGroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.CAROUSEL_GROUP_NAME_EMPTY),
    _max_len(CAROUSEL_GROUP_NAME_MAX, ErrorCode.CAROUSEL_GROUP_NAME_TOO_LONG, say_limit=True),
]


def _carousel_interval(value: Any) -> int:
    """Whole seconds within CAROUSEL_INTERVAL_MIN_S…MAX_S; anything else (a fraction, a string, a bool) is 202006."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise rule_error(ErrorCode.CAROUSEL_INTERVAL_INVALID)
    if not CAROUSEL_INTERVAL_MIN_S <= value <= CAROUSEL_INTERVAL_MAX_S:
        raise rule_error(ErrorCode.CAROUSEL_INTERVAL_INVALID)
    return value


CarouselInterval = Annotated[int, BeforeValidator(_carousel_interval)]


def _optional_match(pattern: re.Pattern[str], code: ErrorCode) -> AfterValidator:
    """An empty form field means none; anything else must match `pattern`."""

    def check(value: str) -> str:
        if value and not pattern.fullmatch(value):
            raise rule_error(code)
        return value

    return AfterValidator(check)


def _optional_email(value: str) -> str:
    return _email(value) if value else value


def _iccid(value: str) -> str:
    if not ICCID_RE.fullmatch(value) or sum(c.isdigit() for c in value) < ICCID_MIN_DIGITS:
        raise rule_error(ErrorCode.FLOW_CARD_INVALID)
    return value


def _secret(value: str) -> str:
    """A blank secret reads as a wrong one (110573); one of the wrong length says what length it needs."""
    if not value:
        raise rule_error(ErrorCode.REGISTER_CODE_WRONG)
    if not DEVICE_SECRET_MIN <= len(value) <= DEVICE_SECRET_MAX:
        raise rule_error(ErrorCode.REGISTER_CODE_WRONG, min=DEVICE_SECRET_MIN, max=DEVICE_SECRET_MAX, length=len(value))
    return value


SnCode = Annotated[str, Stripped, _not_empty(ErrorCode.SN_EMPTY), _matches(SN_RE, ErrorCode.SN_INVALID)]
DeviceSecret = Annotated[str, AfterValidator(_secret)]
DeviceAlias = Annotated[str, Stripped, _max_len(DEVICE_ALIAS_MAX, ErrorCode.DEVICE_ALIAS_TOO_LONG)]
DeviceAddress = Annotated[str, Stripped, _max_len(DEVICE_ADDRESS_MAX, ErrorCode.ADDRESS_TOO_LONG, say_limit=True)]
ContactName = Annotated[str, Stripped, _max_len(CONTACT_NAME_MAX, ErrorCode.CONTACT_NAME_TOO_LONG, say_limit=True)]
ContactPhone = Annotated[str, Stripped, _optional_match(PHONE_RE, ErrorCode.CONTACT_PHONE_INVALID)]
ContactEmail = Annotated[str, Stripped, AfterValidator(_optional_email)]
SiteType = Annotated[str, Stripped, _max_len(SITE_TYPE_MAX, ErrorCode.PARAM_INVALID)]
DeviceRemark = Annotated[str, _max_len(DEVICE_REMARK_MAX, ErrorCode.DEVICE_REMARK_TOO_LONG, say_limit=True)]
VideoUrl = Annotated[
    str,
    Stripped,
    _max_len(VIDEO_URL_MAX, ErrorCode.URL_INVALID),
    _optional_match(VIDEO_URL_RE, ErrorCode.URL_INVALID),
]
Iccid = Annotated[str, Stripped, AfterValidator(_iccid)]


TemplateName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.TEMPLATE_NAME_EMPTY),
    _max_len(TEMPLATE_NAME_MAX, ErrorCode.TEMPLATE_NAME_TOO_LONG),
]
TemplateDescription = Annotated[
    str, Stripped, _max_len(TEMPLATE_DESCRIPTION_MAX, ErrorCode.TEMPLATE_DESCRIPTION_TOO_LONG)
]
TemplateSoftType = Annotated[str, Stripped, _max_len(TEMPLATE_SOFT_TYPE_MAX, ErrorCode.PARAM_INVALID)]
ScreenName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.SCREEN_NAME_EMPTY),
    _max_len(SCREEN_NAME_MAX, ErrorCode.SCREEN_NAME_TOO_LONG),
]
MiddlewareName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.MIDDLEWARE_NAME_EMPTY),
    _max_len(MIDDLEWARE_NAME_MAX, ErrorCode.MIDDLEWARE_NAME_TOO_LONG, say_limit=True),
]
MonitorGroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.MONITOR_GROUP_NAME_EMPTY),
    _max_len(MONITOR_GROUP_NAME_MAX, ErrorCode.MONITOR_GROUP_NAME_TOO_LONG, say_limit=True),
]
ScreenVersionName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.SCREEN_VERSION_NAME_INVALID, limit=SCREEN_VERSION_NAME_MAX),
    _max_len(SCREEN_VERSION_NAME_MAX, ErrorCode.SCREEN_VERSION_NAME_INVALID, say_limit=True),
]
TileGroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.TILE_GROUP_NAME_EMPTY),
    _max_len(TILE_GROUP_NAME_MAX, ErrorCode.TILE_GROUP_NAME_EMPTY),
]
DataSourceName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.DATA_SOURCE_NAME_EMPTY),
    _max_len(DATA_SOURCE_NAME_MAX, ErrorCode.DATA_SOURCE_NAME_TOO_LONG),
]
ClassifyName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.CLASSIFY_NAME_EMPTY),
    _max_len(GALLERY_CLASSIFY_NAME_MAX, ErrorCode.CLASSIFY_NAME_TOO_LONG),
]
PictureName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.PICTURE_NAME_EMPTY),
    _max_len(PICTURE_NAME_MAX, ErrorCode.PICTURE_NAME_TOO_LONG),
]
SymbolName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.SYMBOL_NAME_INVALID),
    _max_len(SYMBOL_NAME_MAX, ErrorCode.SYMBOL_NAME_INVALID),
]
ModelName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.MODEL_NAME_EMPTY),
    _max_len(MODEL_NAME_MAX, ErrorCode.MODEL_NAME_TOO_LONG),
]
DataSourceGroupName = Annotated[
    str,
    Stripped,
    _not_empty(ErrorCode.DATA_SOURCE_NAME_EMPTY),
    _max_len(DATA_SOURCE_GROUP_NAME_MAX, ErrorCode.DATA_SOURCE_NAME_TOO_LONG),
]


def account_kind(account: str) -> str:
    return "phone" if PHONE_RE.fullmatch(account) else "email"


def exported() -> dict[str, Any]:
    """The limits the web forms show, exported by `make gen`."""
    return {
        "TOAST_MS": TOAST_MS,
        "TOAST_FADE_MS": TOAST_FADE_MS,
        "ERROR_TOAST_MS": ERROR_TOAST_MS,
        "REQUEST_TIMEOUT_MS": REQUEST_TIMEOUT_MS,
        "TIMESTAMP_REFRESH_S": TIMESTAMP_REFRESH_S,
        "SIGNATURE_TTL_S": SIGNATURE_TTL_S,
        "EXPORT_ROW_CAP": EXPORT_ROW_CAP,
        "ALARM_NOTE_MAX": ALARM_NOTE_MAX,
        "ALARM_LEVEL_MIN": ALARM_LEVEL_MIN,
        "ALARM_LEVEL_MAX": ALARM_LEVEL_MAX,
        "NOTIFY_RULE_NAME_MAX": NOTIFY_RULE_NAME_MAX,
        "NOTIFY_URL_MAX": NOTIFY_URL_MAX,
        "NOTIFY_SECRET_MAX": NOTIFY_SECRET_MAX,
        "NOTIFY_ESCALATE_MAX_MINUTES": NOTIFY_ESCALATE_MAX_MINUTES,
        "WEBHOOK_EVENTS": list(WEBHOOK_EVENTS),
        "WEBHOOKS_PER_TENANT_MAX": WEBHOOKS_PER_TENANT_MAX,
        "WEBHOOK_NAME_MAX": WEBHOOK_NAME_MAX,
        "WEBHOOK_DEVICES_MAX": WEBHOOK_DEVICES_MAX,
        "APP_KEY_SCOPES": list(APP_KEY_SCOPES),
        "APP_KEYS_PER_USER_MAX": APP_KEYS_PER_USER_MAX,
        "APP_KEY_NAME_MAX": APP_KEY_NAME_MAX,
        "APP_KEY_IPS_MAX": APP_KEY_IPS_MAX,
        "APP_KEY_RATE_DEFAULT": APP_KEY_RATE_DEFAULT,
        "APP_KEY_RATE_MAX": APP_KEY_RATE_MAX,
        "APP_KEY_QUOTA_DEFAULT": APP_KEY_QUOTA_DEFAULT,
        "APP_KEY_QUOTA_MAX": APP_KEY_QUOTA_MAX,
        "APP_KEY_SKEW_S": APP_KEY_SKEW_S,
        "AUTOMATION_TARGETS_PER_TENANT_MAX": AUTOMATION_TARGETS_PER_TENANT_MAX,
        "AUTOMATION_TARGET_NAME_MAX": AUTOMATION_TARGET_NAME_MAX,
        "ALARM_SHELVE_MIN_MINUTES": ALARM_SHELVE_MIN_MINUTES,
        "ALARM_SHELVE_MAX_MINUTES": ALARM_SHELVE_MAX_MINUTES,
        "HISTORY_SOURCES_MAX": HISTORY_SOURCES_MAX,
        "HISTORY_RANGE_MAX_DAYS": HISTORY_RANGE_MAX_DAYS,
        "HISTORY_WIDTH_MIN": HISTORY_WIDTH_MIN,
        "HISTORY_WIDTH_MAX": HISTORY_WIDTH_MAX,
        "HISTORY_WIDTH_DEFAULT": HISTORY_WIDTH_DEFAULT,
        "HISTORY_BUCKETS": list(HISTORY_BUCKETS),
        "HISTORY_AGGREGATES": list(HISTORY_AGGREGATES),
        "HISTORY_FILLS": list(HISTORY_FILLS),
        "CONTROL_PASSWORD_MIN": CONTROL_PASSWORD_MIN,
        "CONTROL_PASSWORD_MAX": CONTROL_PASSWORD_MAX,
        "IMPORT_MAX_BYTES": IMPORT_MAX_BYTES,
        "SHARE_USERS_MAX": SHARE_USERS_MAX,
        "PAGE_SIZE_DEFAULT": PAGE_SIZE_DEFAULT,
        "PAGE_SIZE_MAX": PAGE_SIZE_MAX,
        "USER_NAME_MIN": USER_NAME_MIN,
        "USER_NAME_MAX": USER_NAME_MAX,
        "USER_NAME_PATTERN": USER_NAME_RE.pattern,
        "PASSWORD_MIN": PASSWORD_MIN,
        "PASSWORD_MAX": PASSWORD_MAX,
        "PASSWORD_PATTERN": PASSWORD_RE.pattern,
        "PHONE_PATTERN": PHONE_RE.pattern,
        "PHONE_DIGITS": PHONE_DIGITS,
        "NICKNAME_MAX": NICKNAME_MAX,
        "COMPANY_MAX": COMPANY_MAX,
        "VERIFY_CODE_LENGTH": VERIFY_CODE_LENGTH,
        "CAPTCHA_LENGTH": CAPTCHA_LENGTH,
        "ROLE_NAME_MAX": ROLE_NAME_MAX,
        "GROUP_NAME_MAX": GROUP_NAME_MAX,
        "ELEMENT_NAME_MAX": ELEMENT_NAME_MAX,
        "NAME_PATTERN": NAME_PATTERN_WEB,
        "SN_MAX": SN_MAX,
        "SN_PATTERN": SN_RE.pattern,
        "DEVICE_SECRET_MIN": DEVICE_SECRET_MIN,
        "DEVICE_SECRET_MAX": DEVICE_SECRET_MAX,
        "DEVICE_ALIAS_MAX": DEVICE_ALIAS_MAX,
        "DEVICE_ADDRESS_MAX": DEVICE_ADDRESS_MAX,
        "CONTACT_NAME_MAX": CONTACT_NAME_MAX,
        "SITE_TYPE_MAX": SITE_TYPE_MAX,
        "DEVICE_REMARK_MAX": DEVICE_REMARK_MAX,
        "VIDEO_URL_MAX": VIDEO_URL_MAX,
        "VIDEO_URL_PATTERN": VIDEO_URL_RE.pattern,
        "TEMPLATE_CAMERAS_MAX": TEMPLATE_CAMERAS_MAX,
        "VIDEO_CAMERA_NAME_MAX": VIDEO_CAMERA_NAME_MAX,
        "VIDEO_SERIAL_MAX": VIDEO_SERIAL_MAX,
        "VIDEO_CHANNEL_MAX": VIDEO_CHANNEL_MAX,
        "ICCID_PATTERN": ICCID_RE.pattern,
        "ICCID_MIN_DIGITS": ICCID_MIN_DIGITS,
        "ICCID_MAX": ICCID_MAX,
        "FLOW_CARD_TEST_MB": FLOW_CARD_TEST_MB,
        "DEVICE_GROUP_NAME_MAX": DEVICE_GROUP_NAME_MAX,
        "DEVICE_GROUP_NOTES_MAX": DEVICE_GROUP_NOTES_MAX,
        "THUMBNAIL_GROUPS_MAX": THUMBNAIL_GROUPS_MAX,
        "THUMBNAILS_PER_GROUP_MAX": THUMBNAILS_PER_GROUP_MAX,
        "THUMBNAIL_GROUP_NAME_MAX": THUMBNAIL_GROUP_NAME_MAX,
        "THUMBNAIL_GROUP_NOTES_MAX": THUMBNAIL_GROUP_NOTES_MAX,
        "CAROUSEL_GROUPS_MAX": CAROUSEL_GROUPS_MAX,
        "CAROUSEL_DEVICES_PER_GROUP_MAX": CAROUSEL_DEVICES_PER_GROUP_MAX,
        "CAROUSEL_GROUP_NAME_MAX": CAROUSEL_GROUP_NAME_MAX,
        "CAROUSEL_INTERVAL_MIN_S": CAROUSEL_INTERVAL_MIN_S,
        "CAROUSEL_INTERVAL_MAX_S": CAROUSEL_INTERVAL_MAX_S,
        "REPORT_TITLE_MAX": REPORT_TITLE_MAX,
        "REPORT_CHART_TYPES": list(REPORT_CHART_TYPES),
        "REPORT_COMPARISON_MAX": REPORT_COMPARISON_MAX,
        "REPORT_DIMENSION_GROUPS_MAX": REPORT_DIMENSION_GROUPS_MAX,
        "REPORT_FILTERS_MAX": REPORT_FILTERS_MAX,
        "REPORT_HOUR_RANGE_MAX_DAYS": REPORT_HOUR_RANGE_MAX_DAYS,
        "REPORT_MINUTE_RANGE_MAX_DAYS": REPORT_MINUTE_RANGE_MAX_DAYS,
        "REPORT_DEVICES_MAX": REPORT_DEVICES_MAX,
        "REPORT_AGGREGATIONS": list(REPORT_AGGREGATIONS),
        "REPORT_TIME_UNITS": list(REPORT_TIME_UNITS),
        "REPORT_FILTER_OPERATORS": list(REPORT_FILTER_OPERATORS),
        "REPORT_REFRESH_MAX_S": REPORT_REFRESH_MAX_S,
        "REPORT_TIME_MAX_MS": REPORT_TIME_MAX_MS,
        "REPORT_BUCKETS_MAX": REPORT_BUCKETS_MAX,
        "REPORT_CHART_THEMES": list(REPORT_CHART_THEMES),
        "REPORT_CHART_THEME_DEFAULT": REPORT_CHART_THEME_DEFAULT,
        "REPORT_COLOUR_CONDITIONS_MAX": REPORT_COLOUR_CONDITIONS_MAX,
        "DASHBOARD_NAME_MAX": DASHBOARD_NAME_MAX,
        "DASHBOARD_GROUP_NAME_MAX": DASHBOARD_GROUP_NAME_MAX,
        "DASHBOARD_WIDTH_MIN": DASHBOARD_WIDTH_MIN,
        "DASHBOARD_WIDTH_MAX": DASHBOARD_WIDTH_MAX,
        "DASHBOARD_HEIGHT_MIN": DASHBOARD_HEIGHT_MIN,
        "DASHBOARD_HEIGHT_MAX": DASHBOARD_HEIGHT_MAX,
        "DASHBOARD_THEMES": list(DASHBOARD_THEMES),
        "DASHBOARD_THEME_DEFAULT": DASHBOARD_THEME_DEFAULT,
        "DASHBOARD_CARDS_MAX": DASHBOARD_CARDS_MAX,
        "DASHBOARD_COLUMNS": DASHBOARD_COLUMNS,
        "DASHBOARD_MOBILE_COLUMNS": DASHBOARD_MOBILE_COLUMNS,
        "DASHBOARD_ROWS_MAX": DASHBOARD_ROWS_MAX,
        "DASHBOARD_CARD_TITLE_MAX": DASHBOARD_CARD_TITLE_MAX,
        "DASHBOARD_CARD_SETTINGS_BYTES_MAX": DASHBOARD_CARD_SETTINGS_BYTES_MAX,
        "DASHBOARD_CONTAINER_TABS_MAX": DASHBOARD_CONTAINER_TABS_MAX,
        "DASHBOARD_AUDIENCE_MAX": DASHBOARD_AUDIENCE_MAX,
        "WIDGET_TYPES": list(WIDGET_TYPES),
        "MESSAGE_KINDS": list(MESSAGE_KINDS),
        "MESSAGE_TITLE_MAX": MESSAGE_TITLE_MAX,
        "MESSAGE_BODY_MAX": MESSAGE_BODY_MAX,
        "MESSAGE_BATCH_MAX": MESSAGE_BATCH_MAX,
        "MESSAGE_ADDRESSEES_MAX": MESSAGE_ADDRESSEES_MAX,
        "NOTICE_SCHEDULE_MAX_DAYS": NOTICE_SCHEDULE_MAX_DAYS,
        "SECTOR_NAME_MAX": SECTOR_NAME_MAX,
        "SECTOR_DESCRIPTION_MAX": SECTOR_DESCRIPTION_MAX,
        "SECTOR_DASHBOARDS_MAX": SECTOR_DASHBOARDS_MAX,
        "SECTOR_INTERVAL_MAX_S": SECTOR_INTERVAL_MAX_S,
        "CUSTOM_MENU_NAME_MIN": CUSTOM_MENU_NAME_MIN,
        "CUSTOM_MENU_NAME_MAX": CUSTOM_MENU_NAME_MAX,
        "CUSTOM_MENU_TOP_MAX": CUSTOM_MENU_TOP_MAX,
        "CUSTOM_MENU_SIDE_MAX": CUSTOM_MENU_SIDE_MAX,
        "CUSTOM_MENU_CHILDREN_MAX": CUSTOM_MENU_CHILDREN_MAX,
        "CUSTOM_MENU_ROLES_MAX": CUSTOM_MENU_ROLES_MAX,
        "CUSTOM_MENU_TITLE_MAX": CUSTOM_MENU_TITLE_MAX,
        "CUSTOM_MENU_URL_MAX": CUSTOM_MENU_URL_MAX,
        "CUSTOM_MENU_ICONS": list(CUSTOM_MENU_ICONS),
        "EXPORT_KEEP_DAYS": EXPORT_KEEP_DAYS,
        "EXPORT_QUEUED_PER_USER_MAX": EXPORT_QUEUED_PER_USER_MAX,
        "EXPORT_QUEUED_PER_TENANT_MAX": EXPORT_QUEUED_PER_TENANT_MAX,
        "REPORT_SCHEDULE_EMAILS_MAX": REPORT_SCHEDULE_EMAILS_MAX,
        "MAIL_ADDRESS_MAX": MAIL_ADDRESS_MAX,
        "MAIL_RECIPIENTS_MAX": MAIL_RECIPIENTS_MAX,
        "REPORT_SCHEDULE_FREQUENCIES": list(REPORT_SCHEDULE_FREQUENCIES),
        "REPORT_GROUP_NAME_MAX": REPORT_GROUP_NAME_MAX,
        "ONLINE_PERIODS_MAX": ONLINE_PERIODS_MAX,
        "FLOW_USED_MB_MAX": FLOW_USED_MB_MAX,
        "ONLINE_HOUR_RANGE_MAX_DAYS": ONLINE_HOUR_RANGE_MAX_DAYS,
        "TRAFFIC_RANGE_MAX_DAYS": TRAFFIC_RANGE_MAX_DAYS,
        "SHARE_LINK_DEVICES_MIN": SHARE_LINK_DEVICES_MIN,
        "SHARE_LINK_DEVICES_MAX": SHARE_LINK_DEVICES_MAX,
        "SHARE_LINK_NOTE_MAX": SHARE_LINK_NOTE_MAX,
        "SHARE_LINK_ACCESS_LIMIT_MAX": SHARE_LINK_ACCESS_LIMIT_MAX,
        "CAROUSEL_INTERVAL_DEFAULT_S": CAROUSEL_INTERVAL_DEFAULT_S,
        "VIRTUAL_NAME_MAX": VIRTUAL_NAME_MAX,
        "VIRTUAL_PERMISSIONS": list(VIRTUAL_PERMISSIONS),
        "VIRTUAL_VERSIONS": list(VIRTUAL_VERSIONS),
        "VIRTUAL_MEMBERS_MAX": VIRTUAL_MEMBERS_MAX,
        "GPS_HISTORY_MAX_DAYS": GPS_HISTORY_MAX_DAYS,
        "GPS_HISTORY_MAX_POINTS": GPS_HISTORY_MAX_POINTS,
        "MAP_THEMES": list(MAP_THEMES),
        "BRAND_NAME_MAX": BRAND_NAME_MAX,
        "BRAND_SLOGAN_MAX": BRAND_SLOGAN_MAX,
        "BRAND_FOOTER_MAX": BRAND_FOOTER_MAX,
        "BRAND_DOMAIN_MAX": BRAND_DOMAIN_MAX,
        "BRAND_LANGUAGES": list(BRAND_LANGUAGES),
        "BRAND_IMAGE_SLOTS": list(BRAND_IMAGE_SLOTS),
        "BRAND_IMAGE_MAX_BYTES": {slot: IMAGE_USE_MAX_BYTES[use] for slot, use in BRAND_IMAGE_USE.items()},
        "BRAND_IMAGE_SIZE_TEXT": {slot: IMAGE_SIZE_TEXT[use] for slot, use in BRAND_IMAGE_USE.items()},
        "BRAND_SVG_SLOTS": list(BRAND_SVG_SLOTS),
        "TEMPLATE_NAME_MAX": TEMPLATE_NAME_MAX,
        "TEMPLATE_DESCRIPTION_MAX": TEMPLATE_DESCRIPTION_MAX,
        "TEMPLATE_SOFT_TYPE_MAX": TEMPLATE_SOFT_TYPE_MAX,
        "TEMPLATE_TYPES": list(TEMPLATE_TYPES),
        "TEMPLATE_DATA_VERSIONS": list(TEMPLATE_DATA_VERSIONS),
        "WEB_SIZE_PRESETS": [list(p) for p in WEB_SIZE_PRESETS],
        "WEB_SIZE_DEFAULT": list(WEB_SIZE_DEFAULT),
        "MOBILE_SIZE_PRESETS": [list(p) for p in MOBILE_SIZE_PRESETS],
        "MOBILE_SIZE_DEFAULT": list(MOBILE_SIZE_DEFAULT),
        "WEB_WIDTH_RANGE": list(WEB_WIDTH_RANGE),
        "WEB_HEIGHT_RANGE": list(WEB_HEIGHT_RANGE),
        "MOBILE_WIDTH_RANGE": list(MOBILE_WIDTH_RANGE),
        "MOBILE_HEIGHT_RANGE": list(MOBILE_HEIGHT_RANGE),
        "TEMPLATE_PERMISSION_ITEMS": list(TEMPLATE_PERMISSION_ITEMS),
        "TEMPLATE_PERMISSION_ITEMS_MAX": TEMPLATE_PERMISSION_ITEMS_MAX,
        "SCREEN_NAME_MAX": SCREEN_NAME_MAX,
        "MIDDLEWARE_NAME_MAX": MIDDLEWARE_NAME_MAX,
        "MIDDLEWARE_DESCRIPTION_MAX": MIDDLEWARE_DESCRIPTION_MAX,
        "MIDDLEWARES_PER_TEMPLATE_MAX": MIDDLEWARES_PER_TEMPLATE_MAX,
        "MIDDLEWARE_COLUMNS_MAX": MIDDLEWARE_COLUMNS_MAX,
        "MIDDLEWARE_COLUMN_TITLE_MAX": MIDDLEWARE_COLUMN_TITLE_MAX,
        "MIDDLEWARE_COLUMN_WIDTH_RANGE": list(MIDDLEWARE_COLUMN_WIDTH_RANGE),
        "MIDDLEWARE_ROW_HEIGHT_RANGE": list(MIDDLEWARE_ROW_HEIGHT_RANGE),
        "MIDDLEWARE_BANDS_MAX": MIDDLEWARE_BANDS_MAX,
        "MIDDLEWARE_DECIMALS_MAX": MIDDLEWARE_DECIMALS_MAX,
        "MIDDLEWARE_STALE_RANGE_S": list(MIDDLEWARE_STALE_RANGE_S),
        "MIDDLEWARE_STALE_DEFAULT_S": MIDDLEWARE_STALE_DEFAULT_S,
        "MONITOR_ROWS_MAX": MONITOR_ROWS_MAX,
        "MONITOR_SETTING_TABLES_MAX": MONITOR_SETTING_TABLES_MAX,
        "MONITOR_REFRESH_S": list(MONITOR_REFRESH_S),
        "MONITOR_GROUP_NAME_MAX": MONITOR_GROUP_NAME_MAX,
        "MONITOR_GROUPS_MAX": MONITOR_GROUPS_MAX,
        "MONITOR_GROUP_TABLES_MAX": MONITOR_GROUP_TABLES_MAX,
        "SCREENS_PER_KIND_MAX": SCREENS_PER_KIND_MAX,
        "SCREEN_DOCUMENT_MAX_BYTES": SCREEN_DOCUMENT_MAX_BYTES,
        "SCREEN_DOCUMENT_MAX_MB": SCREEN_DOCUMENT_MAX_MB,
        "SCREEN_VERSIONS_MAX": SCREEN_VERSIONS_MAX,
        "SCREEN_VERSION_NAME_MAX": SCREEN_VERSION_NAME_MAX,
        "SCREEN_SCHEMA_VERSION": SCREEN_SCHEMA_VERSION,
        "ELEMENT_TYPES": list(ELEMENT_TYPES),
        "SCREEN_ELEMENTS_MAX": SCREEN_ELEMENTS_MAX,
        "SCREEN_GROUPS_MAX": SCREEN_GROUPS_MAX,
        "SCREEN_COORDINATE_MAX": SCREEN_COORDINATE_MAX,
        "CANVAS_GRID_MAX": CANVAS_GRID_MAX,
        "ELEMENT_STATES_MIN": ELEMENT_STATES_MIN,
        "ELEMENT_STATES_MAX": ELEMENT_STATES_MAX,
        "ELEMENT_BINDINGS_MAX": ELEMENT_BINDINGS_MAX,
        "ELEMENT_ACTIONS_MAX": ELEMENT_ACTIONS_MAX,
        "ANIMATION_KINDS": list(ANIMATION_KINDS),
        "ELEMENT_ANIMATIONS_MAX": ELEMENT_ANIMATIONS_MAX,
        "ANIMATION_EXPRESSION_MAX": ANIMATION_EXPRESSION_MAX,
        "ANIMATION_EXPRESSION_DEPTH_MAX": ANIMATION_EXPRESSION_DEPTH_MAX,
        "ANIMATION_INPUTS_MAX": ANIMATION_INPUTS_MAX,
        "ANIMATION_PATH_POINTS_MIN": ANIMATION_PATH_POINTS_MIN,
        "ANIMATION_PATH_POINTS_MAX": ANIMATION_PATH_POINTS_MAX,
        "ANIMATION_FUNCTIONS": list(ANIMATION_FUNCTIONS),
        "MODEL3D_DRIVE_KINDS": list(MODEL3D_DRIVE_KINDS),
        "MODEL3D_MESHES_MAX": MODEL3D_MESHES_MAX,
        "MODEL3D_DRIVES_MAX": MODEL3D_DRIVES_MAX,
        "MODEL3D_SPINS_MAX": MODEL3D_SPINS_MAX,
        "MODEL3D_NODE_NAME_MAX": MODEL3D_NODE_NAME_MAX,
        "MODEL3D_COORDINATE_MAX": MODEL3D_COORDINATE_MAX,
        "MODEL3D_RPM_FACTOR_MAX": MODEL3D_RPM_FACTOR_MAX,
        "FLICKER_TYPES": list(FLICKER_TYPES),
        "FLICKER_FREQUENCY_MIN": FLICKER_FREQUENCY_MIN,
        "FLICKER_FREQUENCY_MAX": FLICKER_FREQUENCY_MAX,
        "FLICKER_FREQUENCY_DEFAULT": FLICKER_FREQUENCY_DEFAULT,
        "BACKGROUND_IMAGE_TYPES": list(BACKGROUND_IMAGE_TYPES),
        "SCREEN_TEXT_MAX": SCREEN_TEXT_MAX,
        "SCREEN_URL_MAX": SCREEN_URL_MAX,
        "TILE_GROUP_NAME_MAX": TILE_GROUP_NAME_MAX,
        "GALLERY_CLASSIFY_NAME_MAX": GALLERY_CLASSIFY_NAME_MAX,
        "PICTURE_NAME_MAX": PICTURE_NAME_MAX,
        "IMAGE_USES": list(IMAGE_USES),
        "IMAGE_USE_MAX_BYTES": IMAGE_USE_MAX_BYTES,
        "IMAGE_SIZE_TEXT": IMAGE_SIZE_TEXT,
        "IMAGE_TYPES": list(IMAGE_TYPES),
        "MODEL_NAME_MAX": MODEL_NAME_MAX,
        "SVG_MAX_BYTES": SVG_MAX_BYTES,
        "SVG_SIZE_TEXT": SVG_SIZE_TEXT,
        "SYMBOL_NAME_MAX": SYMBOL_NAME_MAX,
        "SYMBOL_PART_NAME_MAX": SYMBOL_PART_NAME_MAX,
        "SYMBOL_PARTS_MAX": SYMBOL_PARTS_MAX,
        "SYMBOLS_PER_TENANT_MAX": SYMBOLS_PER_TENANT_MAX,
        "SYMBOL_CATEGORIES": list(SYMBOL_CATEGORIES),
        "MODEL_FILE_TYPES": list(MODEL_FILE_TYPES),
        "MODEL_MAX_BYTES": MODEL_MAX_BYTES,
        "SOFTWARE_PACKAGE_MAX_BYTES": SOFTWARE_PACKAGE_MAX_BYTES,
        "SOFTWARE_PACKAGE_SIZE_TEXT": SOFTWARE_PACKAGE_SIZE_TEXT,
        "SOFTWARE_VERSION_MAX": SOFTWARE_VERSION_MAX,
        "SOFTWARE_MODELS_MAX": SOFTWARE_MODELS_MAX,
        "SOFTWARE_MODEL_MAX": SOFTWARE_MODEL_MAX,
        "UPGRADE_DEVICES_MAX": UPGRADE_DEVICES_MAX,
        "SOFTWARE_CONTENT_MAX": SOFTWARE_CONTENT_MAX,
        "SOFTWARE_PLATFORMS": list(SOFTWARE_PLATFORMS),
        "MODEL_SIZE_TEXT": MODEL_SIZE_TEXT,
        "MODEL_FILE_NAME_MAX": MODEL_FILE_NAME_MAX,
        "DATA_SOURCE_NAME_MAX": DATA_SOURCE_NAME_MAX,
        "DATA_SOURCE_GROUP_NAME_MAX": DATA_SOURCE_GROUP_NAME_MAX,
        "DATA_TYPES": list(DATA_TYPES),
        "DATA_TYPE_REGISTERS": DATA_TYPE_REGISTERS,
        "REGISTER_AREAS": list(REGISTER_AREAS),
        "READ_ONLY_AREAS": list(READ_ONLY_AREAS),
        "BIT_AREAS": list(BIT_AREAS),
        "REGISTER_ADDRESS_MAX": REGISTER_ADDRESS_MAX,
        "BYTE_ORDERS": list(BYTE_ORDERS),
        "REGISTER_BIT_MAX": REGISTER_BIT_MAX,
        "FAULT_BIT_MAX": FAULT_BIT_MAX,
        "STRING_LENGTH_MAX": STRING_LENGTH_MAX,
        "DATA_SOURCE_UNIT_MAX": DATA_SOURCE_UNIT_MAX,
        "DECIMALS_MAX": DECIMALS_MAX,
        "HISTORY_MODES": list(HISTORY_MODES),
        "HISTORY_INTERVAL_MAX_S": HISTORY_INTERVAL_MAX_S,
        "AGGREGATES": list(AGGREGATES),
        "FAULT_OPS": list(FAULT_OPS),
        "FAULTS_PER_DATA_SOURCE_MAX": FAULTS_PER_DATA_SOURCE_MAX,
        "ALARM_NAME_MAX": ALARM_NAME_MAX,
        "ALARM_INFO_MAX": ALARM_INFO_MAX,
        "LEGACY_FIRMWARE_TYPES": list(LEGACY_FIRMWARE_TYPES),
        "OPERATOR_EMAIL_MAX": OPERATOR_EMAIL_MAX,
        "STATISTICS_RANGE_DAYS_MAX": STATISTICS_RANGE_DAYS_MAX,
    }


# --- operations management (issue 35, docs/api-operations.md) --------------------------------------------------
# An operator's session lasts this long, shorter than a tenant user's: an operator acts on every tenant.
OPERATOR_TOKEN_HOURS = 8
# An operator's own contacts, where the platform's alerts reach him (iotyun operator contact, PUT /administrator/me):
# an email address of at most this many characters (110304) and an 11-digit phone number (110303), each optional.
OPERATOR_EMAIL_MAX = 128
OPERATOR_PHONE_MAX = 20


def _operator_email(value: str) -> str:
    if len(value) > OPERATOR_EMAIL_MAX:
        raise rule_error(ErrorCode.EMAIL_INVALID)
    return _optional_email(value)


OperatorEmail = Annotated[str, Stripped, AfterValidator(_operator_email)]
OperatorPhone = Annotated[str, Stripped, _optional_match(PHONE_RE, ErrorCode.PHONE_INVALID)]
# Device statistics: a registration-time range at most this long (810108).
STATISTICS_RANGE_DAYS_MAX = 366
# Device statistics: the largest groups shown one by one; the rest are summed as "other".
STATISTICS_BUCKETS_MAX = 50

# --- full-network monitoring (issue 35 point 3, docs/api-operations.md) -----------------------------------------------
# The platform's figures are sampled once a minute by one process across the servers and kept this long.
HEALTH_SAMPLE_EVERY_S = 60
HEALTH_KEEP_DAYS = 7
# A server process whose heartbeat is older than this many heartbeat periods is not live; a lost one (gone without a
# clean stop) is forgotten after a day, or at once when a new process starts on its host.
HEALTH_STALE_BEATS = 3
HEALTH_LOST_KEPT_HOURS = 24
# A trend has at most this many points (24 h: a point every 5 minutes); at most a week back.
HEALTH_TREND_POINTS = 288
HEALTH_TREND_HOURS_MAX = 168
# Closed alerts shown in the list: those of the last this many days, at most this many.
HEALTH_ALERTS_SHOWN_DAYS = 7
HEALTH_ALERTS_SHOWN_MAX = 100
# An alert event's delivery (to an operator's email or phone, or to the operators' webhook): tries before it is given
# up (one per heartbeat tick of the lease holder).
HEALTH_WEBHOOK_TRIES = 5
# A database round trip or a Redis PING answers within this, or the part is down.
HEALTH_PROBE_TIMEOUT_S = 3.0

# --- personalization and white label (issue 36 point 1, docs/api-system.md) ------------------------------------------
# A tenant's brand: its platform name (SPEC §5 "name max 32"), the login page's slogan, the footer (SPEC §5
# "description max 200"), one primary colour (#RRGGBB), the default language, the map theme (SPEC §9), four images
# and a white-label domain (SPEC §5 "domain must be valid": a host name per RFC 1123, at most 253 characters).
BRAND_NAME_MAX = 32
BRAND_SLOGAN_MAX = 64
BRAND_FOOTER_MAX = 200
BRAND_DOMAIN_MAX = 253
BRAND_COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
BRAND_LANGUAGES = ("zh", "en")
# The images of a brand and the gallery use whose cap each takes (SPEC §5 "images max 1MB, 100KB or 2MB depending
# on use; background images jpg or png"): the logos 1 MB, the favicon 100 KB, the login background 2 MB. Logos and
# the favicon may be SVG (sanitised, resources/svg.py); the background is jpg or png.
BRAND_IMAGE_SLOTS = ("logo_light", "logo_dark", "favicon", "background")
BRAND_IMAGE_USE = {"logo_light": "image", "logo_dark": "image", "favicon": "icon", "background": "background"}
BRAND_SVG_SLOTS = ("logo_light", "logo_dark", "favicon")
# Images uploaded and not (yet) saved in the brand: at most this many a tenant (100019 beyond); those older than
# BRAND_PENDING_KEEP_S go at the next upload or save.
BRAND_PENDING_IMAGES_MAX = 20
BRAND_PENDING_KEEP_S = 24 * 3600
# An RFC 1123 label: letters, digits and hyphens, 1-63 long, neither starting nor ending with a hyphen.
_DOMAIN_LABEL_RE = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")


def _single_line(code: ErrorCode, limit: int) -> AfterValidator:
    def check(value: str) -> str:
        if has_control_characters(value):
            raise rule_error(ErrorCode.PARAM_INVALID)
        if len(value) > limit:
            raise rule_error(code, None, limit=limit)
        return value

    return AfterValidator(check)


def _brand_color(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    if not BRAND_COLOR_RE.fullmatch(value):
        raise rule_error(ErrorCode.BRAND_COLOR_INVALID)
    return value.upper()


def normalize_domain(value: str) -> str | None:
    """A host name as bound and looked up: lower-case, without a final dot, internationalised names in their ASCII
    (punycode) form; None when it is no RFC 1123 host name of at least two labels with a non-numeric top label (no
    scheme, port, path, address or wildcard)."""
    text = value.strip().rstrip(".").lower()
    if not text or len(text) > BRAND_DOMAIN_MAX * 4:
        return None
    if not text.isascii():
        try:
            text = text.encode("idna").decode("ascii")
        except UnicodeError:
            return None
    labels = text.split(".")
    if len(text) > BRAND_DOMAIN_MAX or len(labels) < 2:
        return None
    if not all(_DOMAIN_LABEL_RE.fullmatch(label) for label in labels) or labels[-1].isdigit():
        return None
    return text


def _domain(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    domain = normalize_domain(value)
    if domain is None:
        raise rule_error(ErrorCode.ILLEGAL_DOMAIN)
    return domain


BrandName = Annotated[str, Stripped, _single_line(ErrorCode.BRAND_NAME_TOO_LONG, BRAND_NAME_MAX)]
BrandSlogan = Annotated[str, Stripped, _single_line(ErrorCode.BRAND_SLOGAN_TOO_LONG, BRAND_SLOGAN_MAX)]
BrandFooter = Annotated[str, Stripped, _single_line(ErrorCode.BRAND_FOOTER_TOO_LONG, BRAND_FOOTER_MAX)]
BrandColor = Annotated[str | None, Stripped, AfterValidator(_brand_color)]
BrandDomain = Annotated[str | None, Stripped, AfterValidator(_domain)]
