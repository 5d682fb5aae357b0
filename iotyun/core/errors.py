"""The error catalogue: every code of SPEC §8 with its zh and en text, and the exception that carries one."""

# The catalogue is a table, one code per line, so it reads and greps as one; wide CJK texts pass the line limit.

import functools
import re
import string
from enum import IntEnum


class ErrorCode(IntEnum):
    # 100001-100026 common
    SUCCESS = 100001
    OPERATION_FAILED = 100002
    SERVICE_EXCEPTION = 100003
    PARAM_INVALID = 100004
    NOT_FOUND = 100005
    METHOD_NOT_ALLOWED = 100006
    PAYLOAD_TOO_LARGE = 100007
    TOO_MANY_REQUESTS = 100008
    ILLEGAL_TOKEN = 100009
    SIGNATURE_INVALID = 100010
    SIGNATURE_EXPIRED = 100011
    SIGNATURE_REPLAYED = 100012
    PASSWORD_CHANGE_REQUIRED = 100013
    USER_NOT_EXIST = 100014
    NO_PRIVILEGE = 100015
    ACCOUNT_LOCKED = 100016
    ACCOUNT_DISABLED = 100017
    CODE_TOO_FREQUENT = 100018
    LIMIT_REACHED = 100019
    UNSUPPORTED_MEDIA_TYPE = 100020
    FILE_TOO_LARGE = 100021
    EXPORT_CONFIRM_REQUIRED = 100022
    CONFLICT = 100023
    ACCOUNT_NOT_VERIFIED = 100024
    URL_INVALID = 100025
    # The database did not answer in time (core.db.unavailable): HTTP 503.
    DATABASE_BUSY = 100026
    # 110001-110004 login
    LOGIN_EMPTY = 110001
    CAPTCHA_FAILED = 110002
    WRONG_CREDENTIALS = 110003
    ILLEGAL_DOMAIN = 110004
    # 110005-110009 white-label domains and the brand the login page shows (issue 36; the login range holds 110004)
    DOMAIN_TAKEN = 110005
    BRAND_NAME_TOO_LONG = 110006
    BRAND_SLOGAN_TOO_LONG = 110007
    BRAND_FOOTER_TOO_LONG = 110008
    BRAND_COLOR_INVALID = 110009
    # 110301-110334 users and accounts
    USER_FIELD_MISSING = 110301
    USER_NAME_INVALID = 110302
    PHONE_INVALID = 110303
    EMAIL_INVALID = 110304
    PASSWORD_INVALID = 110305
    PASSWORD_MISMATCH = 110306
    USER_NAME_EXISTS = 110307
    PHONE_EXISTS = 110308
    EMAIL_EXISTS = 110309
    SMS_CODE_MISMATCH = 110310
    SMS_CODE_EXPIRED = 110311
    ACCOUNT_NOT_FOUND = 110312
    OLD_PASSWORD_WRONG = 110313
    PASSWORD_SAME_AS_OLD = 110314
    ADMIN_CANNOT_BE_DELETED = 110315
    NICKNAME_INVALID = 110316
    COMPANY_INVALID = 110317
    ACCOUNT_INVALID = 110318
    PRIVACY_NOT_ACCEPTED = 110319
    CANCEL_HAS_DEVICES = 110320
    CANCEL_HAS_VIRTUAL_DEVICES = 110321
    CANCEL_HAS_TEMPLATES = 110322
    CANCEL_HAS_SUB_USERS = 110323
    USER_LOCKED = 110324
    CANNOT_LOCK_ADMIN = 110325
    CANNOT_MODIFY_OWN_ROLE = 110326
    ADMIN2_GROUP_REQUIRED = 110327
    GROUP_REQUIRED = 110328
    SIMULATE_NESTED = 110329
    CANNOT_SIMULATE_ADMIN = 110330
    USER_NOT_IN_GROUP = 110331
    PRIVILEGE_EXCEEDS_OWN = 110332
    USER_NOT_FOUND = 110333
    QR_CODE_EXPIRED = 110334
    # 110350-110353 third-party (video cloud) accounts
    THIRD_PARTY_ACCOUNT_EXISTS = 110350
    THIRD_PARTY_ACCOUNT_INVALID = 110351
    THIRD_PARTY_ACCOUNT_NOT_BOUND = 110352
    THIRD_PARTY_TOKEN_FAILED = 110353
    # 110401-110429 user groups and roles
    ROLE_NAME_EXISTS = 110401
    ROLE_NAME_INVALID = 110402
    ROLE_NAME_TOO_LONG = 110403
    ROLE_NOT_FOUND = 110404
    ADMIN_ROLE_CANNOT_BE_DELETED = 110405
    ADMIN_ROLE_CANNOT_BE_MODIFIED = 110406
    ROLE_IN_USE = 110407
    ROLE_PERMISSIONS_EMPTY = 110408
    PERMISSION_INVALID = 110409
    CANNOT_DELETE_SELF = 110410
    CANNOT_LOCK_SELF = 110411
    GROUP_NAME_EXISTS = 110412
    GROUP_NAME_INVALID = 110413
    GROUP_NAME_TOO_LONG = 110414
    GROUP_NOT_FOUND = 110415
    GROUP_HAS_CHILDREN = 110416
    GROUP_HAS_USERS = 110417
    PARENT_GROUP_INVALID = 110418
    GROUP_DEPTH_EXCEEDED = 110419
    ROOT_GROUP_CANNOT_BE_DELETED = 110420
    GROUP_BOUND_TO_ADMIN2 = 110421
    GROUP_OUT_OF_SCOPE = 110422
    ROLE_EXCEEDS_OWN = 110423
    ADMIN_ROLE_NOT_ASSIGNABLE = 110424
    ROLE_LIMIT_REACHED = 110425
    GROUP_LIMIT_REACHED = 110426
    ROLE_DESCRIPTION_TOO_LONG = 110427
    ADMIN_PRIVILEGES_READONLY = 110428
    ROLE_CODE_RESERVED = 110429
    # 110501-110584 devices
    SN_EMPTY = 110501
    SN_INVALID = 110502
    DEVICE_REGISTERED = 110503
    DEVICE_REGISTERED_BY_OTHER = 110504
    DEVICE_NOT_REGISTERED = 110505
    DEVICE_NOT_FOUND = 110506
    DEVICE_NAME_EMPTY = 110507
    DEVICE_NAME_TOO_LONG = 110508
    DEVICE_ALIAS_TOO_LONG = 110509
    NO_CANCEL_RIGHT = 110510
    NO_TRANSFER_RIGHT = 110511
    NO_SHARE_RIGHT = 110512
    NO_WRITE_PERMISSION = 110513
    DEVICE_WRITE_FORBIDDEN = 110514
    DEVICE_OFFLINE = 110515
    VALUE_OUT_OF_RANGE = 110516
    LOWER_LIMIT_NOT_BELOW_UPPER = 110517
    STATE_COUNT_INVALID = 110518
    CONTROL_PASSWORD_REQUIRED = 110519
    CONTROL_PASSWORD_WRONG = 110520
    NO_CONTROL_PERMISSION = 110521
    DATA_ITEM_UNBOUND = 110522
    WRITE_FAILED = 110523
    DEVICE_TIMEOUT = 110524
    EXPORT_ROW_LIMIT = 110525
    EXPORT_EMPTY = 110526
    IMPORT_FILE_TYPE_INVALID = 110527
    IMPORT_FILE_TOO_LARGE = 110528
    IMPORT_FILE_EMPTY = 110529
    IMPORT_ROW_INVALID = 110530
    IMPORT_TEMPLATE_MISMATCH = 110531
    IMPORT_SN_DUPLICATE = 110532
    SHARE_LIMIT = 110533
    SHARE_TO_SELF = 110534
    SHARE_DUPLICATE_USER = 110535
    SHARE_OWN_DEVICES_ONLY = 110536
    SHARE_USER_NOT_FOUND = 110537
    SHARE_NOT_FOUND = 110538
    TRANSFER_TO_SELF = 110539
    TRANSFER_USER_NOT_FOUND = 110540
    FLOW_CARD_INVALID = 110541
    FLOW_CARD_NOT_BOUND = 110542
    FLOW_CARD_BOUND = 110543
    FLOW_CARD_ACTIVATE_FAILED = 110544
    FLOW_CARD_OPERATOR_NOT_CONFIGURED = 110545
    FLOW_CARD_QUERY_FAILED = 110546
    FLOW_CARD_NOT_FOUND = 110547
    DEVICE_VERSION_TOO_LOW = 110548
    VPN_NOT_SUPPORTED = 110549
    VPN_NOT_ENABLED = 110550
    VPN_ALREADY_ENABLED = 110551
    VPN_CONNECTING = 110552
    VPN_CONNECT_FAILED = 110553
    VPN_IN_USE = 110554
    GPS_NOT_SUPPORTED = 110555
    GPS_NO_DATA = 110556
    GPS_RANGE_TOO_LONG = 110557
    ADDRESS_TOO_LONG = 110558
    CONTACT_NAME_TOO_LONG = 110559
    CONTACT_PHONE_INVALID = 110560
    LOCATION_INVALID = 110561
    DISTRIBUTION_TARGET_INVALID = 110562
    DEVICE_ALREADY_DISTRIBUTED = 110563
    DEVICE_NOT_DISTRIBUTED = 110564
    TAKEBACK_NOT_ALLOWED = 110565
    DISTRIBUTION_OWN_DEVICES_ONLY = 110566
    DEVICE_CONFIG_INVALID = 110567
    DEVICE_CONFIG_SYNC_FAILED = 110568
    DEVICE_MODEL_MISMATCH = 110569
    DEVICE_BUSY = 110570
    DEVICE_DISABLED = 110571
    DEVICE_LIMIT_REACHED = 110572
    REGISTER_CODE_WRONG = 110573
    SHARED_DEVICE_CANCEL_ONLY = 110574
    DEVICE_HAS_TEMPLATE = 110575
    ALARM_NOT_FOUND = 110576
    ALARM_ALREADY_CONFIRMED = 110577
    TIMEZONE_INVALID = 110578
    COMMAND_NOT_SUPPORTED = 110579
    DEVICE_DATA_EXCEPTION = 110580
    SN_MISMATCH = 110581
    DEVICE_REMARK_TOO_LONG = 110582
    CONTROL_DEVICE_PASSWORD_NOT_SET = 110583
    CONTROL_PASSWORD_NOT_SET = 110584
    # 111000-111001 reference data
    DEVICE_MODEL_UNKNOWN = 111000
    DISTRICT_UNKNOWN = 111001
    # 112000-112006 device groups
    DEFAULT_GROUP_CANNOT_BE_DELETED = 112000
    DEVICE_GROUP_IN_USE = 112001
    DEVICE_GROUP_NAME_EXISTS = 112002
    DEVICE_GROUP_NAME_TOO_LONG = 112003
    DEVICE_GROUP_NOTES_TOO_LONG = 112004
    DEVICE_GROUP_NOT_FOUND = 112005
    TARGET_GROUP_INVALID = 112006
    # 113000 maps
    GEOCODE_FAILED = 113000
    # 114001-114019 resources (gallery and 3D model files)
    RESOURCE_NOT_FOUND = 114001
    CLASSIFY_NAME_EMPTY = 114002
    CLASSIFY_NAME_TOO_LONG = 114003
    CLASSIFY_NAME_EXISTS = 114004
    CLASSIFY_NOT_FOUND = 114005
    CLASSIFY_NOT_EMPTY = 114006
    PICTURE_NAME_EMPTY = 114007
    PICTURE_NAME_TOO_LONG = 114008
    PICTURE_NAME_EXISTS = 114009
    IMAGE_TYPE_INVALID = 114010
    IMAGE_TOO_LARGE = 114011
    GALLERY_QUOTA_EXCEEDED = 114012
    RESOURCE_IN_USE = 114013
    MODEL_FILE_TYPE_INVALID = 114014
    MODEL_GLTF_COUNT = 114015
    MODEL_FILE_DUPLICATE = 114016
    MODEL_TOO_LARGE = 114017
    IMAGE_UNREADABLE = 114018
    IMAGE_PIXELS_TOO_MANY = 114019
    # 114501-114510 resource classifications and 3D model library
    MODEL_NOT_FOUND = 114501
    MODEL_NAME_EMPTY = 114502
    MODEL_NAME_TOO_LONG = 114503
    MODEL_NAME_EXISTS = 114504
    MODEL_CLASSIFY_NOT_FOUND = 114505
    MODEL_CLASSIFY_NAME_EXISTS = 114506
    MODEL_CLASSIFY_NOT_EMPTY = 114507
    MODEL_IN_USE = 114508
    MODEL_PARSE_FAILED = 114509
    SYSTEM_RESOURCE_READONLY = 114510
    # 114020-114029 SVG uploads (gallery images and tenant symbols) and the tenant symbol library
    SVG_UNREADABLE = 114020
    SVG_DTD_REFUSED = 114021
    SVG_TOO_LARGE = 114022
    SVG_TOO_COMPLEX = 114023
    SVG_EMPTY = 114024
    SYMBOL_NOT_FOUND = 114025
    SYMBOL_NAME_INVALID = 114026
    SYMBOL_NAME_EXISTS = 114027
    SYMBOL_PARTS_INVALID = 114028
    SYMBOL_LIMIT = 114029
    # 114511-114520 the tenant symbol library (continued)
    SYMBOL_IN_USE = 114511
    # 114512 3D model library (continued)
    MODEL_FILE_UNUSED = 114512
    # 115001-115024 templates
    TEMPLATE_NOT_FOUND = 115001
    TEMPLATE_BIND_LIMIT = 115002
    TEMPLATE_NAME_EMPTY = 115003
    TEMPLATE_NAME_TOO_LONG = 115004
    TEMPLATE_DESCRIPTION_TOO_LONG = 115005
    TEMPLATE_NAME_EXISTS = 115006
    TEMPLATE_UNBOUND_CANNOT_PUBLISH = 115007
    VPN_DEVICE_CANNOT_BIND_TEMPLATE = 115008
    DEVICE_TEMPLATE_BOUND = 115009
    TEMPLATE_REPUBLISH_REQUIRED = 115010
    MAIN_SCREEN_REQUIRED = 115011
    MAIN_SCREEN_CANNOT_BE_DELETED = 115012
    TEMPLATE_SIZE_INVALID = 115013
    PERMISSION_ITEMS_LIMIT = 115014
    TEMPLATE_SHARE_OWN_ONLY = 115015
    TEMPLATE_QUOTA_EXCEEDED = 115016
    TEMPLATE_PUBLISHED = 115017
    TEMPLATE_NOT_PUBLISHED = 115018
    TEMPLATE_NO_EDIT_PERMISSION = 115019
    TEMPLATE_LOCKED = 115020
    TEMPLATE_COPY_FAILED = 115021
    TEMPLATE_TRANSFER_INVALID = 115022
    SCREEN_QUOTA_REACHED = 115023
    SCREEN_VERSION_STORAGE_FULL = 115024
    # 115201-115218 template screens, their documents and versions
    SCREEN_NOT_FOUND = 115201
    SCREEN_NAME_EMPTY = 115202
    SCREEN_NAME_TOO_LONG = 115203
    SCREEN_NAME_EXISTS = 115204
    SCREEN_LIMIT_REACHED = 115205
    SCREEN_BACKGROUND_INVALID = 115206
    SCREEN_CONTENT_INVALID = 115207
    SCREEN_CONTENT_TOO_LARGE = 115208
    ELEMENT_BINDING_INVALID = 115209
    SCREEN_ORDER_INVALID = 115210
    SCREEN_SCHEMA_VERSION_UNSUPPORTED = 115211
    ELEMENT_TYPE_UNKNOWN = 115212
    FLICKER_FREQUENCY_INVALID = 115213
    ELEMENT_ACTION_INVALID = 115214
    SCREEN_ELEMENTS_LIMIT = 115215
    SCREEN_VERSION_NAME_INVALID = 115216
    SCREEN_VERSION_NOT_FOUND = 115217
    SCREEN_VERSION_LIMIT = 115218
    # 115219-115224 animations of screen elements and their expressions
    ANIMATION_EXPRESSION_SYNTAX = 115219
    ANIMATION_FUNCTION_UNKNOWN = 115220
    ANIMATION_NAME_UNKNOWN = 115221
    ANIMATION_EXPRESSION_TOO_COMPLEX = 115222
    ANIMATION_DATA_SOURCE_INVALID = 115223
    ANIMATION_INVALID = 115224
    # 115225-115229 pipes and connectors: what a pipe's, line's or polyline's end is attached to
    ELEMENT_ATTACH_TARGET_UNKNOWN = 115225
    ELEMENT_ATTACH_SELF = 115226
    ELEMENT_ATTACH_TYPE = 115227
    # 115301-115310 template sharing, library and tile groups
    TEMPLATE_SHARE_TO_SELF = 115301
    TEMPLATE_SHARE_USER_NOT_FOUND = 115302
    TEMPLATE_ALREADY_SHARED = 115303
    TEMPLATE_SHARE_NOT_FOUND = 115304
    LIBRARY_TEMPLATE_NOT_FOUND = 115305
    TILE_GROUP_NAME_EXISTS = 115306
    TILE_GROUP_NAME_EMPTY = 115307
    TILE_GROUP_NOT_FOUND = 115308
    TILE_GROUP_NOT_EMPTY = 115309
    TILE_NOT_FOUND = 115310
    # 115401-115414 data sources
    DATA_SOURCE_NOT_FOUND = 115401
    DATA_SOURCE_NAME_EMPTY = 115402
    DATA_SOURCE_NAME_TOO_LONG = 115403
    DATA_SOURCE_NAME_EXISTS = 115404
    DATA_SOURCE_TYPE_INVALID = 115405
    REGISTER_ADDRESS_INVALID = 115406
    DATA_SOURCE_RANGE_INVALID = 115407
    HISTORY_SETTING_INVALID = 115408
    ALARM_CONDITION_INVALID = 115409
    ALARM_LEVEL_INVALID = 115410
    DATA_SOURCE_IMPORT_TYPE_INVALID = 115411
    DATA_SOURCE_IMPORT_ROW_INVALID = 115412
    DATA_SOURCE_IN_USE = 115413
    # 115501-115506 monitoring tables of a template (ours: SPEC's 8101xx are operations management, issue 35)
    MIDDLEWARE_NOT_FOUND = 115501
    MIDDLEWARE_NAME_EMPTY = 115502
    MIDDLEWARE_NAME_TOO_LONG = 115503
    MIDDLEWARE_NAME_EXISTS = 115504
    MIDDLEWARE_LIMIT = 115505
    MIDDLEWARE_DESIGN_INVALID = 115506
    # 115507-115511 groups of monitoring tables (the monitor area's middlewaresGrouping, issue 35)
    MONITOR_GROUP_NOT_FOUND = 115507
    MONITOR_GROUP_NAME_EMPTY = 115508
    MONITOR_GROUP_NAME_TOO_LONG = 115509
    MONITOR_GROUP_NAME_EXISTS = 115510
    MONITOR_GROUP_LIMIT = 115511
    ALARM_LIST_EMPTY = 115414
    # 116001-116013 software upgrades
    UPGRADE_FILE_INVALID = 116001
    UPGRADE_FILE_TOO_LARGE = 116002
    SOFTWARE_VERSION_NOT_FOUND = 116003
    SOFTWARE_VERSION_EXISTS = 116004
    SOFTWARE_VERSION_INVALID = 116005
    SOFTWARE_VERSION_NOT_NEWER = 116006
    UPGRADE_DEVICE_OFFLINE = 116007
    UPGRADE_IN_PROGRESS = 116008
    UPGRADE_MODEL_MISMATCH = 116009
    UPGRADE_FAILED = 116010
    UPGRADE_TIMEOUT = 116011
    UPGRADE_ALREADY_LATEST = 116012
    UPGRADE_NO_DEVICES = 116013
    # 117001-117006 thumbnails
    THUMBNAIL_GROUP_LIMIT = 117001
    THUMBNAIL_LIMIT = 117002
    THUMBNAIL_GROUP_NAME_EXISTS = 117003
    THUMBNAIL_NAME_EXISTS = 117004
    THUMBNAIL_GROUP_NOT_FOUND = 117005
    THUMBNAIL_NOT_FOUND = 117006
    # 117801-117804 messages
    MESSAGE_NOT_FOUND = 117801
    MESSAGE_CONTENT_EMPTY = 117802
    MESSAGE_RECIPIENTS_EMPTY = 117803
    MESSAGE_TOO_LONG = 117804
    # 117805-117814 mail recipients, daily mail caps and mail subjects
    MAIL_RECIPIENT_NOT_ALLOWED = 117805
    MAIL_VERIFY_LINK_INVALID = 117806
    MAIL_VERIFY_LINK_EXPIRED = 117807
    MAIL_VERIFY_TOO_FREQUENT = 117808
    MAIL_VERIFY_DAILY_LIMIT = 117809
    MAIL_RECIPIENT_NOT_FOUND = 117810
    MAIL_DAILY_RECIPIENTS_LIMIT = 117811
    MAIL_DAILY_MESSAGES_LIMIT = 117812
    MAIL_RECIPIENTS_SKIPPED = 117813
    TITLE_CONTROL_CHARACTERS = 117814
    # 117815-117819 written messages and notices
    MESSAGE_RECIPIENT_NOT_FOUND = 117815
    NOTICE_NOT_FOUND = 117816
    NOTICE_ALREADY_SENT = 117817
    NOTICE_TIME_INVALID = 117818
    # 117819-117822 alarm notification rules and their delivery log
    NOTIFY_RULE_NOT_FOUND = 117819
    NOTIFY_RULE_NAME_INVALID = 117820
    NOTIFY_RULE_NAME_EXISTS = 117821
    NOTIFY_URL_INVALID = 117822
    NOTIFY_DELIVERY_NOT_FOUND = 117823
    # 117824-117827 outgoing webhooks (their URL: 117822, a delivery: 117823)
    WEBHOOK_NOT_FOUND = 117824
    WEBHOOK_NAME_INVALID = 117825
    WEBHOOK_LIMIT_REACHED = 117826
    WEBHOOK_EVENTS_EMPTY = 117827
    # 117840-117855 app keys of the open API (docs/api-system.md "Open API")
    APP_KEY_INVALID = 117840
    APP_KEY_REVOKED = 117841
    APP_KEY_EXPIRED = 117842
    APP_KEY_IP_DENIED = 117843
    APP_KEY_TIMESTAMP = 117844
    APP_KEY_REPLAYED = 117845
    APP_KEY_SCOPE = 117846
    APP_KEY_RATE_LIMITED = 117847
    APP_KEY_QUOTA_EXCEEDED = 117848
    APP_KEY_NOT_FOUND = 117849
    APP_KEY_NAME_INVALID = 117850
    APP_KEY_LIMIT_REACHED = 117851
    APP_KEY_SCOPES_EMPTY = 117852
    APP_KEY_IP_LIST_INVALID = 117853
    APP_KEY_EXPIRY_INVALID = 117854
    APP_KEY_OWNER_INACTIVE = 117855
    # 117860-117889 automations (docs/api-automations.md)
    AUTOMATION_RULE_NOT_FOUND = 117860
    AUTOMATION_RULE_NAME_INVALID = 117861
    AUTOMATION_RULE_NAME_EXISTS = 117862
    AUTOMATION_RULE_LIMIT = 117863
    AUTOMATION_SCOPE_INVALID = 117864
    AUTOMATION_TRIGGER_INVALID = 117865
    AUTOMATION_SOURCE_INVALID = 117866
    AUTOMATION_CONDITION_INVALID = 117867
    AUTOMATION_ACTION_INVALID = 117868
    AUTOMATION_RECIPIENT_INVALID = 117869
    AUTOMATION_SCHEDULE_INVALID = 117870
    AUTOMATION_TARGET_NOT_FOUND = 117871
    AUTOMATION_DRY_RUN_INVALID = 117876
    AUTOMATION_WRITE_FORBIDDEN = 117877
    AUTOMATION_WEBHOOK_NOT_FOUND = 117878
    # 117871-117875, 117879 automations' forward targets (docs/api-automations.md "Target")
    AUTOMATION_TARGET_NAME_INVALID = 117872
    AUTOMATION_TARGET_IN_USE = 117873
    AUTOMATION_TARGET_CONFIG_INVALID = 117874
    AUTOMATION_TARGET_LIMIT_REACHED = 117875
    AUTOMATION_TARGET_NO_ROWS = 117879
    # 118001-118007 dashboards
    DASHBOARD_NOT_FOUND = 118001
    DASHBOARD_NAME_EMPTY = 118002
    DASHBOARD_NAME_TOO_LONG = 118003
    DASHBOARD_NAME_EXISTS = 118004
    DASHBOARD_NO_EDIT_PERMISSION = 118005
    DASHBOARD_NO_FULLSCREEN_PERMISSION = 118006
    DASHBOARD_VISIBILITY_INVALID = 118007
    # 118201-118217 reports
    REPORT_TITLE_EMPTY = 118201
    REPORT_TITLE_TOO_LONG = 118202
    REPORT_DIMENSION_REQUIRED = 118203
    REPORT_AGGREGATION_REQUIRED = 118204
    REPORT_DATA_SOURCE_REQUIRED = 118205
    REPORT_END_BEFORE_START = 118206
    REPORT_MAX_BELOW_MIN = 118207
    REPORT_COMPARISON_LIMIT = 118208
    REPORT_DIMENSION_GROUP_LIMIT = 118209
    REPORT_TIME_RANGE_TOO_LONG = 118210
    REPORT_FILTER_LIMIT = 118211
    REPORT_NOT_FOUND = 118212
    REPORT_TITLE_EXISTS = 118213
    REPORT_TIME_OUT_OF_RANGE = 118214
    REPORT_TOO_MANY_BUCKETS = 118215
    REPORT_DEFINITION_INVALID = 118216
    REPORT_HISTORY_RANGE_TOO_LONG = 118217
    # 118301-118305 share links
    SHARE_LINK_INVALID = 118301
    SHARE_LINK_NO_ACCESS = 118302
    SHARE_LINK_ACCESS_LIMIT = 118303
    SHARE_LINK_EXPIRED = 118304
    SHARE_LINK_DISABLED = 118305
    # 118801-118811 virtual devices and historical data
    VIRTUAL_DEVICE_NOT_FOUND = 118801
    VIRTUAL_DEVICE_BINDING_ABNORMAL = 118802
    VIRTUAL_DEVICE_REPAIR_NOT_ALLOWED = 118803
    VIRTUAL_BOUND_DEVICE_NOT_FOUND = 118804
    VIRTUAL_DEVICE_GPS_NOT_ALLOWED = 118805
    VIRTUAL_DEVICE_VERSION_MISMATCH = 118806
    HISTORY_NO_DATA = 118807
    VIRTUAL_DEVICE_NAME_EXISTS = 118808
    VIRTUAL_DEVICE_NAME_TOO_LONG = 118809
    VIRTUAL_DEVICE_LIMIT = 118810
    VIRTUAL_DEVICE_ITEMS_EMPTY = 118811
    # 118901-118902 historical data (the text of 118807)
    HISTORY_QUERY_NO_DATA = 118901
    HISTORY_EXPORT_NO_DATA = 118902
    # 119001-119005 services
    MAP_NOT_CONFIGURED = 119001
    WEATHER_NOT_CONFIGURED = 119002
    SMS_NOT_CONFIGURED = 119003
    EMAIL_NOT_CONFIGURED = 119004
    PUSH_NOT_CONFIGURED = 119005
    # 810101-810116 monitoring (operations management)
    MONITOR_NO_PERMISSION = 810101
    MONITOR_USER_NOT_FOUND = 810102
    MONITOR_DEVICE_NOT_FOUND = 810103
    MONITOR_TENANT_NOT_FOUND = 810104
    MONITOR_QUOTA_INVALID = 810105
    MONITOR_QUOTA_BELOW_USAGE = 810106
    MONITOR_RANGE_INVALID = 810107
    MONITOR_RANGE_TOO_LONG = 810108
    MONITOR_VPN_QUERY_FAILED = 810109
    MONITOR_VPN_RESET_FAILED = 810110
    MONITOR_FLOW_CARD_QUERY_FAILED = 810111
    MONITOR_TEST_FLOW_EXHAUSTED = 810112
    MONITOR_PERMISSION_INVALID = 810113
    MONITOR_CANNOT_EDIT_SELF = 810114
    MONITOR_EXPORT_FAILED = 810115
    MONITOR_DATA_UNAVAILABLE = 810116
    # 910101-910105 custom page modules
    MENU_ITEM_NAME_INVALID = 910101
    MENU_ITEM_NAME_DUPLICATE = 910102
    TOP_MENU_LIMIT = 910103
    SIDEBAR_TITLE_REQUIRED = 910104
    TOP_BAR_TITLE_REQUIRED = 910105
    # 200811 historical data
    HISTORY_QUERY_FAILED = 200811
    # 201801-201806 files (201802-201806: the export centre)
    FILE_INVALID = 201801
    EXPORT_FILE_NOT_FOUND = 201802
    EXPORT_FILE_NOT_READY = 201803
    REPORT_NOT_EXPORTABLE = 201804
    EXPORT_USER_QUEUE_FULL = 201805
    EXPORT_TENANT_QUEUE_FULL = 201806
    # 202001-202008 carousel groups
    CAROUSEL_GROUP_NOT_FOUND = 202001
    CAROUSEL_GROUP_NAME_EMPTY = 202002
    CAROUSEL_GROUP_NAME_EXISTS = 202003
    CAROUSEL_GROUP_NAME_TOO_LONG = 202004
    CAROUSEL_GROUP_EMPTY = 202005
    CAROUSEL_INTERVAL_INVALID = 202006
    CAROUSEL_DEVICE_NOT_FOUND = 202007
    CAROUSEL_GROUP_LIMIT = 202008
    # 202301 dashboard groups
    DASHBOARD_GROUP_NOT_EMPTY = 202301


# 118901 and 118902 show the message of 118807 (SPEC §8).
_HISTORY_NO_DATA = ("所选时间范围内没有历史数据", "There is no historical data in the selected range")

# code -> (zh text, en text); texts may hold str.format placeholders such as {field} {seconds} {limit}
# fmt: off
CATALOGUE: dict[int, tuple[str, str]] = {
    # 100001-100026 common
    ErrorCode.SUCCESS: ("成功", "Success"),
    ErrorCode.OPERATION_FAILED: ("操作失败", "Operation failed"),
    ErrorCode.SERVICE_EXCEPTION: ("服务繁忙，请稍后再试", "The service is busy, please try again later"),
    ErrorCode.PARAM_INVALID: ("参数错误：{field}", "Invalid parameter: {field}"),
    ErrorCode.NOT_FOUND: ("请求的资源不存在", "The requested resource does not exist"),
    ErrorCode.METHOD_NOT_ALLOWED: ("不支持该请求方法", "This request method is not allowed"),
    ErrorCode.PAYLOAD_TOO_LARGE: ("请求内容过大", "The request is too large"),
    ErrorCode.TOO_MANY_REQUESTS: ("请求过于频繁，请稍后再试", "Too many requests, please try again later"),
    ErrorCode.ILLEGAL_TOKEN: ("登录状态无效或已过期，请重新登录", "Your login is invalid or has expired, please log in again"),
    ErrorCode.SIGNATURE_INVALID: ("请求签名无效", "The request signature is invalid"),
    ErrorCode.SIGNATURE_EXPIRED: ("请求时间超出允许范围，请检查本机时间", "The request time is outside the allowed window, please check your clock"),
    ErrorCode.SIGNATURE_REPLAYED: ("请求签名已被使用", "The request signature has already been used"),
    ErrorCode.PASSWORD_CHANGE_REQUIRED: ("请先修改密码", "Please change your password first"),
    ErrorCode.USER_NOT_EXIST: ("操作用户不存在", "The operating user does not exist"),
    ErrorCode.NO_PRIVILEGE: ("没有操作权限", "You do not have permission for this operation"),
    ErrorCode.ACCOUNT_LOCKED: ("登录失败次数过多，请 {seconds} 秒后再试", "Too many failed logins, please try again in {seconds} seconds"),
    ErrorCode.ACCOUNT_DISABLED: ("账号已被管理员锁定", "Your account has been locked by the administrator"),
    ErrorCode.CODE_TOO_FREQUENT: ("获取验证码过于频繁，请 {seconds} 秒后再试", "Verification codes requested too often, please try again in {seconds} seconds"),
    ErrorCode.LIMIT_REACHED: ("已达到最大操作上限（{limit}）", "The maximum operating limit has been reached ({limit})"),
    ErrorCode.UNSUPPORTED_MEDIA_TYPE: ("不支持的内容类型", "Unsupported content type"),
    ErrorCode.FILE_TOO_LARGE: ("文件过大（不能超过 {size}）", "The file is too large (max {size})"),
    ErrorCode.EXPORT_CONFIRM_REQUIRED: ("数据量超出导出上限，确认后仅导出前 {limit} 行", "The data exceeds the export limit, confirm to export only the first {limit} rows"),
    ErrorCode.CONFLICT: ("数据已被他人修改，请刷新后重试", "This item was changed by someone else, please refresh and try again"),
    ErrorCode.ACCOUNT_NOT_VERIFIED: ("账号未验证", "The account has not been verified"),
    ErrorCode.URL_INVALID: ("网址格式不正确", "The URL is not valid"),
    ErrorCode.DATABASE_BUSY: ("服务繁忙，请稍后重试", "The service is busy, try again"),
    # 110001-110004 login
    ErrorCode.LOGIN_EMPTY: ("登录名或密码不能为空", "The login name and password are required"),
    ErrorCode.CAPTCHA_FAILED: ("图形验证码错误或已过期", "The graphic code is wrong or has expired"),
    ErrorCode.WRONG_CREDENTIALS: ("用户名或密码错误", "Wrong user name or password"),
    ErrorCode.ILLEGAL_DOMAIN: ("非法的访问域名", "This domain is not allowed"),
    ErrorCode.DOMAIN_TAKEN: ("该域名已被其他租户绑定", "This domain is already bound to another tenant"),
    ErrorCode.BRAND_NAME_TOO_LONG: ("平台名称过长（最多 {limit} 个字符）", "The platform name is too long (max {limit} characters)"),
    ErrorCode.BRAND_SLOGAN_TOO_LONG: ("登录页标语过长（最多 {limit} 个字符）", "The login page slogan is too long (max {limit} characters)"),
    ErrorCode.BRAND_FOOTER_TOO_LONG: ("页脚文字过长（最多 {limit} 个字符）", "The footer text is too long (max {limit} characters)"),
    ErrorCode.BRAND_COLOR_INVALID: ("主题色须为 #RRGGBB 格式的颜色", "The primary colour must be written #RRGGBB"),
    # 110301-110334 users and accounts
    ErrorCode.USER_FIELD_MISSING: ("缺少必填项：{field}", "Required field missing: {field}"),
    ErrorCode.USER_NAME_INVALID: ("用户名须为 3 到 32 位字母、数字或下划线，且以字母开头", "The user name must be 3 to 32 letters, digits or underscores, starting with a letter"),
    ErrorCode.PHONE_INVALID: ("请输入 11 位手机号", "Enter an 11-digit phone number"),
    ErrorCode.EMAIL_INVALID: ("邮箱格式不正确", "The email address is not valid"),
    ErrorCode.PASSWORD_INVALID: ("密码须为 6 到 20 位字母或数字", "The password must be 6 to 20 letters or digits"),
    ErrorCode.PASSWORD_MISMATCH: ("两次输入的密码不一致", "The two passwords do not match"),
    ErrorCode.USER_NAME_EXISTS: ("用户名已存在", "This user name is already taken"),
    ErrorCode.PHONE_EXISTS: ("该手机号已注册", "This phone number is already registered"),
    ErrorCode.EMAIL_EXISTS: ("该邮箱已注册", "This email is already registered"),
    ErrorCode.SMS_CODE_MISMATCH: ("验证码错误", "The verification code is wrong"),
    ErrorCode.SMS_CODE_EXPIRED: ("验证码已过期，请重新获取", "The verification code has expired, please request a new one"),
    ErrorCode.ACCOUNT_NOT_FOUND: ("该手机号或邮箱未注册", "No account uses this phone number or email"),
    ErrorCode.OLD_PASSWORD_WRONG: ("原密码错误", "The current password is wrong"),
    ErrorCode.PASSWORD_SAME_AS_OLD: ("新密码不能与原密码相同", "The new password must differ from the current one"),
    ErrorCode.ADMIN_CANNOT_BE_DELETED: ("管理员不能被删除", "The administrator cannot be deleted"),
    ErrorCode.NICKNAME_INVALID: ("昵称最多 10 个字符", "The nickname can be at most 10 characters"),
    ErrorCode.COMPANY_INVALID: ("公司名称最多 30 个字符", "The company name can be at most 30 characters"),
    ErrorCode.ACCOUNT_INVALID: ("请输入 11 位手机号或有效的邮箱", "Enter an 11-digit phone number or a valid email"),
    ErrorCode.PRIVACY_NOT_ACCEPTED: ("请先阅读并同意用户协议和隐私政策", "Please read and accept the user agreement and privacy policy"),
    ErrorCode.CANCEL_HAS_DEVICES: ("注销前请先删除账号下的所有设备", "Remove all devices from the account before cancelling it"),
    ErrorCode.CANCEL_HAS_VIRTUAL_DEVICES: ("注销前请先删除账号下的所有虚拟设备", "Remove all virtual devices from the account before cancelling it"),
    ErrorCode.CANCEL_HAS_TEMPLATES: ("注销前请先删除账号下的所有模板", "Remove all templates from the account before cancelling it"),
    ErrorCode.CANCEL_HAS_SUB_USERS: ("注销前请先删除账号下的所有子用户", "Remove all sub-users from the account before cancelling it"),
    ErrorCode.USER_LOCKED: ("该用户已被锁定", "This user is locked"),
    ErrorCode.CANNOT_LOCK_ADMIN: ("不能锁定管理员", "The administrator cannot be locked"),
    ErrorCode.CANNOT_MODIFY_OWN_ROLE: ("不能修改自己的角色", "You cannot change your own role"),
    ErrorCode.ADMIN2_GROUP_REQUIRED: ("二级管理员须且只能绑定一个分组", "A secondary administrator must be bound to exactly one group"),
    ErrorCode.GROUP_REQUIRED: ("请选择分组", "Please choose a group"),
    ErrorCode.SIMULATE_NESTED: ("模拟登录期间不能再次模拟登录", "You cannot start another simulated login while simulating"),
    ErrorCode.CANNOT_SIMULATE_ADMIN: ("不能模拟登录管理员", "You cannot simulate an administrator"),
    ErrorCode.USER_NOT_IN_GROUP: ("该用户不在您管理的分组内", "This user is not in your group"),
    ErrorCode.PRIVILEGE_EXCEEDS_OWN: ("不能授予超出自身的权限", "You cannot grant rights beyond your own"),
    ErrorCode.USER_NOT_FOUND: ("用户不存在", "This user does not exist"),
    ErrorCode.QR_CODE_EXPIRED: ("二维码已过期，请刷新", "The QR code has expired, please refresh"),
    # 110350-110353 third-party (video cloud) accounts
    ErrorCode.THIRD_PARTY_ACCOUNT_EXISTS: ("该视频云账号已绑定", "This video cloud account is already bound"),
    ErrorCode.THIRD_PARTY_ACCOUNT_INVALID: ("视频云账号或密钥错误", "The video cloud account or key is wrong"),
    ErrorCode.THIRD_PARTY_ACCOUNT_NOT_BOUND: ("尚未绑定视频云账号", "No video cloud account is bound"),
    ErrorCode.THIRD_PARTY_TOKEN_FAILED: ("获取视频云令牌失败", "Could not get a token from the video cloud"),
    # 110401-110429 user groups and roles
    ErrorCode.ROLE_NAME_EXISTS: ("角色名称已存在", "This role name already exists"),
    ErrorCode.ROLE_NAME_INVALID: ("角色名称不能包含特殊字符或空格", "The role name cannot contain special characters or spaces"),
    ErrorCode.ROLE_NAME_TOO_LONG: ("角色名称过长（最多 {limit} 个字符）", "The role name is too long (max {limit} characters)"),
    ErrorCode.ROLE_NOT_FOUND: ("角色不存在", "This role does not exist"),
    ErrorCode.ADMIN_ROLE_CANNOT_BE_DELETED: ("管理员角色不能删除", "The administrator role cannot be deleted"),
    ErrorCode.ADMIN_ROLE_CANNOT_BE_MODIFIED: ("管理员角色不能修改", "The administrator role cannot be changed"),
    ErrorCode.ROLE_IN_USE: ("仍有用户使用该角色，请先为他们更换角色", "Users still have this role, reassign them first"),
    ErrorCode.ROLE_PERMISSIONS_EMPTY: ("请至少选择一项权限", "Choose at least one permission"),
    ErrorCode.PERMISSION_INVALID: ("权限编码无效", "Invalid permission code"),
    ErrorCode.CANNOT_DELETE_SELF: ("不能删除自己", "You cannot delete yourself"),
    ErrorCode.CANNOT_LOCK_SELF: ("不能锁定自己", "You cannot lock yourself"),
    ErrorCode.GROUP_NAME_EXISTS: ("分组名称已存在", "This group name already exists"),
    ErrorCode.GROUP_NAME_INVALID: ("分组名称不能为空或包含特殊字符", "The group name cannot be empty or contain special characters"),
    ErrorCode.GROUP_NAME_TOO_LONG: ("分组名称过长（最多 {limit} 个字符）", "The group name is too long (max {limit} characters)"),
    ErrorCode.GROUP_NOT_FOUND: ("分组不存在", "This group does not exist"),
    ErrorCode.GROUP_HAS_CHILDREN: ("该分组下还有子分组，不能删除", "This group has subgroups and cannot be deleted"),
    ErrorCode.GROUP_HAS_USERS: ("该分组下还有用户，不能删除", "This group has users and cannot be deleted"),
    ErrorCode.PARENT_GROUP_INVALID: ("上级分组不能是自身或其下级分组", "A group cannot be placed under itself or one of its subgroups"),
    ErrorCode.GROUP_DEPTH_EXCEEDED: ("分组层级过深（最多 {limit} 级）", "The groups are nested too deeply (max {limit} levels)"),
    ErrorCode.ROOT_GROUP_CANNOT_BE_DELETED: ("根分组不能删除", "The root group cannot be deleted"),
    ErrorCode.GROUP_BOUND_TO_ADMIN2: ("该分组已绑定二级管理员，不能删除", "This group is bound to a secondary administrator and cannot be deleted"),
    ErrorCode.GROUP_OUT_OF_SCOPE: ("该分组不在您的管理范围内", "This group is outside your scope"),
    ErrorCode.ROLE_EXCEEDS_OWN: ("不能分配权限高于自身的角色", "You cannot assign a role with rights beyond your own"),
    ErrorCode.ADMIN_ROLE_NOT_ASSIGNABLE: ("管理员角色不能分配给其他用户", "The administrator role cannot be given to other users"),
    ErrorCode.ROLE_LIMIT_REACHED: ("角色数量已达上限（{limit}）", "The maximum number of roles has been reached ({limit})"),
    ErrorCode.GROUP_LIMIT_REACHED: ("分组数量已达上限（{limit}）", "The maximum number of groups has been reached ({limit})"),
    ErrorCode.ROLE_DESCRIPTION_TOO_LONG: ("角色描述过长（最多 {limit} 个字符）", "The role description is too long (max {limit} characters)"),
    ErrorCode.ADMIN_PRIVILEGES_READONLY: ("不能修改管理员的权限", "The administrator's rights cannot be changed"),
    ErrorCode.ROLE_CODE_RESERVED: ("该角色编码为系统保留", "This role code is reserved by the system"),
    # 110501-110584 devices
    ErrorCode.SN_EMPTY: ("请输入设备 SN 码", "Enter the device SN"),
    ErrorCode.SN_INVALID: ("SN 码须为少于 20 位的字母或数字", "The SN must be fewer than 20 letters or digits"),
    ErrorCode.DEVICE_REGISTERED: ("该设备已注册", "This device is already registered"),
    ErrorCode.DEVICE_REGISTERED_BY_OTHER: ("该设备已被其他账号注册", "This device is registered to another account"),
    ErrorCode.DEVICE_NOT_REGISTERED: ("该设备尚未注册", "This device is not registered"),
    ErrorCode.DEVICE_NOT_FOUND: ("设备不存在", "This device does not exist"),
    ErrorCode.DEVICE_NAME_EMPTY: ("请输入设备名称", "Enter the device name"),
    ErrorCode.DEVICE_NAME_TOO_LONG: ("设备名称过长（最多 {limit} 个字符）", "The device name is too long (max {limit} characters)"),
    ErrorCode.DEVICE_ALIAS_TOO_LONG: ("设备别名最多 32 个字符", "The device alias can be at most 32 characters"),
    ErrorCode.NO_CANCEL_RIGHT: ("您无权注销该设备", "You have no right to cancel this device"),
    ErrorCode.NO_TRANSFER_RIGHT: ("您无权转交该设备", "You have no right to hand over this device"),
    ErrorCode.NO_SHARE_RIGHT: ("您无权分享该设备", "You have no right to share this device"),
    ErrorCode.NO_WRITE_PERMISSION: ("没有写数据权限", "You have no permission to write data"),
    ErrorCode.DEVICE_WRITE_FORBIDDEN: ("该设备不允许写入数据", "This device does not allow writing data"),
    ErrorCode.DEVICE_OFFLINE: ("设备不在线", "The device is offline"),
    ErrorCode.VALUE_OUT_OF_RANGE: ("数值超出允许范围", "The value is outside the allowed range"),
    ErrorCode.LOWER_LIMIT_NOT_BELOW_UPPER: ("下限必须小于上限", "The lower limit must be below the upper limit"),
    ErrorCode.STATE_COUNT_INVALID: ("状态数量须为 2 到 255", "The number of states must be between 2 and 255"),
    ErrorCode.CONTROL_PASSWORD_REQUIRED: ("请输入控制密码", "Enter the control password"),
    ErrorCode.CONTROL_PASSWORD_WRONG: ("控制密码错误", "The control password is wrong"),
    ErrorCode.NO_CONTROL_PERMISSION: ("没有操作该控件的权限", "You have no permission to operate this control"),
    ErrorCode.DATA_ITEM_UNBOUND: ("数据项未绑定", "This data item is not bound"),
    ErrorCode.WRITE_FAILED: ("写入数据失败", "Writing the data failed"),
    ErrorCode.DEVICE_TIMEOUT: ("设备响应超时", "The device did not respond in time"),
    ErrorCode.EXPORT_ROW_LIMIT: ("最多只能导出前 5000 行数据（共 {total} 行）", "You can export at most the first 5000 rows ({total} rows match)"),
    ErrorCode.EXPORT_EMPTY: ("没有可导出的数据", "There is no data to export"),
    ErrorCode.IMPORT_FILE_TYPE_INVALID: ("导入文件须为 xlsx、xls 或 csv 格式", "The import file must be xlsx, xls or csv"),
    ErrorCode.IMPORT_FILE_TOO_LARGE: ("导入文件不能超过 20MB（且不超过 {rows} 行）", "The import file cannot exceed 20MB (nor {rows} rows)"),
    ErrorCode.IMPORT_FILE_EMPTY: ("导入文件中没有数据", "The import file has no data"),
    ErrorCode.IMPORT_ROW_INVALID: ("导入数据有误（第 {row} 行）", "The import data has an error (row {row})"),
    ErrorCode.IMPORT_TEMPLATE_MISMATCH: ("导入文件与模板格式不符", "The file does not match the import template"),
    ErrorCode.IMPORT_SN_DUPLICATE: ("导入文件中有重复的 SN 码（第 {row} 行）", "The import file repeats an SN (row {row})"),
    ErrorCode.SHARE_LIMIT: ("每台设备最多分享给 10 个用户", "A device can be shared with at most 10 users"),
    ErrorCode.SHARE_TO_SELF: ("不能分享给自己", "You cannot share with yourself"),
    ErrorCode.SHARE_DUPLICATE_USER: ("已分享给该用户", "Already shared with this user"),
    ErrorCode.SHARE_OWN_DEVICES_ONLY: ("只能分享自己注册的设备", "You can share only devices you registered"),
    ErrorCode.SHARE_USER_NOT_FOUND: ("被分享的用户不存在", "The user to share with does not exist"),
    ErrorCode.SHARE_NOT_FOUND: ("分享记录不存在", "This share does not exist"),
    ErrorCode.TRANSFER_TO_SELF: ("不能转交给自己", "You cannot hand a device over to yourself"),
    ErrorCode.TRANSFER_USER_NOT_FOUND: ("接收设备的用户不存在", "The receiving user does not exist"),
    ErrorCode.FLOW_CARD_INVALID: ("流量卡号至少 18 位，且不能包含特殊字符", "The flow card number needs at least 18 digits and no special characters"),
    ErrorCode.FLOW_CARD_NOT_BOUND: ("该设备未绑定流量卡", "This device has no flow card bound"),
    ErrorCode.FLOW_CARD_BOUND: ("该流量卡已被绑定", "This flow card is already bound"),
    ErrorCode.FLOW_CARD_ACTIVATE_FAILED: ("流量卡激活失败", "The flow card could not be activated"),
    ErrorCode.FLOW_CARD_OPERATOR_NOT_CONFIGURED: ("未配置流量卡运营商", "The flow card operator is not configured"),
    ErrorCode.FLOW_CARD_QUERY_FAILED: ("查询流量卡信息失败", "Could not query the flow card"),
    ErrorCode.FLOW_CARD_NOT_FOUND: ("流量卡不存在", "This flow card does not exist"),
    ErrorCode.DEVICE_VERSION_TOO_LOW: ("设备固件版本过低，不支持该功能", "The device firmware is too old for this feature"),
    ErrorCode.VPN_NOT_SUPPORTED: ("该设备不支持 VPN", "This device does not support VPN"),
    ErrorCode.VPN_NOT_ENABLED: ("该设备未开通 VPN", "VPN is not enabled on this device"),
    ErrorCode.VPN_ALREADY_ENABLED: ("该设备已开通 VPN", "VPN is already enabled on this device"),
    ErrorCode.VPN_CONNECTING: ("VPN 正在连接，请稍候", "The VPN is connecting, please wait"),
    ErrorCode.VPN_CONNECT_FAILED: ("VPN 连接失败", "The VPN connection failed"),
    ErrorCode.VPN_IN_USE: ("VPN 正被其他用户使用", "The VPN is in use by another user"),
    ErrorCode.GPS_NOT_SUPPORTED: ("该设备不支持 GPS 定位", "This device does not support GPS"),
    ErrorCode.GPS_NO_DATA: ("暂无定位数据", "No location data yet"),
    ErrorCode.GPS_RANGE_TOO_LONG: ("轨迹查询时间范围过长", "The track time range is too long"),
    ErrorCode.ADDRESS_TOO_LONG: ("安装地址过长（最多 {limit} 个字符）", "The address is too long (max {limit} characters)"),
    ErrorCode.CONTACT_NAME_TOO_LONG: ("联系人姓名过长（最多 {limit} 个字符）", "The contact name is too long (max {limit} characters)"),
    ErrorCode.CONTACT_PHONE_INVALID: ("联系电话格式不正确", "The contact phone number is not valid"),
    ErrorCode.LOCATION_INVALID: ("经纬度无效", "The coordinates are not valid"),
    ErrorCode.DISTRIBUTION_TARGET_INVALID: ("分配对象无效", "The user to assign to is not valid"),
    ErrorCode.DEVICE_ALREADY_DISTRIBUTED: ("该设备已分配", "This device is already assigned"),
    ErrorCode.DEVICE_NOT_DISTRIBUTED: ("该设备未分配", "This device is not assigned"),
    ErrorCode.TAKEBACK_NOT_ALLOWED: ("您无权收回该设备", "You have no right to take back this device"),
    ErrorCode.DISTRIBUTION_OWN_DEVICES_ONLY: ("只能分配自己的设备", "You can assign only your own devices"),
    ErrorCode.DEVICE_CONFIG_INVALID: ("设备配置无效", "The device configuration is not valid"),
    ErrorCode.DEVICE_CONFIG_SYNC_FAILED: ("设备配置下发失败", "Could not send the configuration to the device"),
    ErrorCode.DEVICE_MODEL_MISMATCH: ("设备型号不匹配", "The device model does not match"),
    ErrorCode.DEVICE_BUSY: ("设备正忙，请稍后再试", "The device is busy, please try again later"),
    ErrorCode.DEVICE_DISABLED: ("该设备已被禁用", "This device has been disabled"),
    ErrorCode.DEVICE_LIMIT_REACHED: ("设备数量已达上限（{limit}）", "The maximum number of devices has been reached ({limit})"),
    ErrorCode.REGISTER_CODE_WRONG: ("设备注册码错误（注册码应为 {min}–{max} 个字符，填写的有 {length} 个）", "The device registration code is wrong (a code has {min} to {max} characters; the one given has {length})"),
    ErrorCode.SHARED_DEVICE_CANCEL_ONLY: ("分享给您的设备只能取消分享", "On a device shared with you, you can only cancel the share"),
    ErrorCode.DEVICE_HAS_TEMPLATE: ("该设备已绑定模板，请先解绑", "This device is bound to a template, unbind it first"),
    ErrorCode.ALARM_NOT_FOUND: ("报警记录不存在", "This alarm record does not exist"),
    ErrorCode.ALARM_ALREADY_CONFIRMED: ("该报警已确认", "This alarm has already been confirmed"),
    ErrorCode.TIMEZONE_INVALID: ("时区无效", "The time zone is not valid"),
    ErrorCode.COMMAND_NOT_SUPPORTED: ("设备不支持该指令", "The device does not support this command"),
    ErrorCode.DEVICE_DATA_EXCEPTION: ("设备数据异常", "The device data is abnormal"),
    ErrorCode.SN_MISMATCH: ("SN 码与设备不符", "The SN does not match the device"),
    ErrorCode.DEVICE_REMARK_TOO_LONG: ("备注过长（最多 {limit} 个字符）", "The notes are too long (max {limit} characters)"),
    ErrorCode.CONTROL_DEVICE_PASSWORD_NOT_SET: (
        "此控件需要设备的控制密码，该设备未设置，不能写入",
        "This control asks for the device's control password, and the device has none: nothing is written",
    ),
    ErrorCode.CONTROL_PASSWORD_NOT_SET: (
        "此控件需要控制密码，该设备与租户均未设置，不能写入",
        "This control asks for a control password, and neither the device nor the tenant has one: nothing is written",
    ),
    # 111000-111001 reference data
    ErrorCode.DEVICE_MODEL_UNKNOWN: ("未知的设备型号", "Unknown device model"),
    ErrorCode.DISTRICT_UNKNOWN: ("未知的行政区划代码", "Unknown district code"),
    # 112000-112006 device groups
    ErrorCode.DEFAULT_GROUP_CANNOT_BE_DELETED: ("默认分组不能删除", "The default group cannot be deleted"),
    ErrorCode.DEVICE_GROUP_IN_USE: ("该分组下还有设备，不能删除", "This group has devices and cannot be deleted"),
    ErrorCode.DEVICE_GROUP_NAME_EXISTS: ("设备分组名称已存在", "This device group name already exists"),
    ErrorCode.DEVICE_GROUP_NAME_TOO_LONG: ("分组名称最多 10 个字符", "The group name can be at most 10 characters"),
    ErrorCode.DEVICE_GROUP_NOTES_TOO_LONG: ("分组备注最多 120 个字符", "The group notes can be at most 120 characters"),
    ErrorCode.DEVICE_GROUP_NOT_FOUND: ("设备分组不存在", "This device group does not exist"),
    ErrorCode.TARGET_GROUP_INVALID: ("目标分组无效", "The target group is not valid"),
    # 113000 maps
    ErrorCode.GEOCODE_FAILED: ("无法解析该地址", "The address could not be located"),
    # 114001-114019 resources (gallery and 3D model files)
    ErrorCode.RESOURCE_NOT_FOUND: ("图片不存在", "This image does not exist"),
    ErrorCode.CLASSIFY_NAME_EMPTY: ("请输入分类名称", "Enter the classification name"),
    ErrorCode.CLASSIFY_NAME_TOO_LONG: ("分类名称最多 10 个字符", "The classification name can be at most 10 characters"),
    ErrorCode.CLASSIFY_NAME_EXISTS: ("分类名称已存在", "This classification name already exists"),
    ErrorCode.CLASSIFY_NOT_FOUND: ("分类不存在", "This classification does not exist"),
    ErrorCode.CLASSIFY_NOT_EMPTY: ("该分类下还有图片，不能删除", "This classification has images and cannot be deleted"),
    ErrorCode.PICTURE_NAME_EMPTY: ("请输入图片名称", "Enter the picture name"),
    ErrorCode.PICTURE_NAME_TOO_LONG: ("图片名称最多 20 个字符", "The picture name can be at most 20 characters"),
    ErrorCode.PICTURE_NAME_EXISTS: ("图片名称已存在", "This picture name already exists"),
    ErrorCode.IMAGE_TYPE_INVALID: ("图片须为 jpg、png 或 svg 格式（背景图片仅限 jpg 或 png）", "The image must be jpg, png or svg (a background jpg or png)"),
    ErrorCode.IMAGE_TOO_LARGE: ("图片过大（不能超过 {size}）", "The image is too large (max {size})"),
    ErrorCode.GALLERY_QUOTA_EXCEEDED: ("图库空间不足", "Not enough gallery space"),
    ErrorCode.RESOURCE_IN_USE: ("该图片正在使用中，不能删除", "This image is in use and cannot be deleted"),
    ErrorCode.MODEL_FILE_TYPE_INVALID: ("模型文件只能是 gltf、bin、jpg、jpeg 或 png", "Model files can only be gltf, bin, jpg, jpeg or png"),
    ErrorCode.MODEL_GLTF_COUNT: ("模型须包含且仅包含一个 gltf 文件", "A model needs exactly one gltf file"),
    ErrorCode.MODEL_FILE_DUPLICATE: ("模型文件不能重复", "The model files cannot repeat"),
    ErrorCode.MODEL_TOO_LARGE: ("模型文件过大（总大小不能超过 {size}）", "The model files are too large (max {size} in total)"),
    ErrorCode.IMAGE_UNREADABLE: ("图片无法解码：文件已损坏、不完整，或不是图片", "The image could not be decoded: the file is damaged, incomplete or not an image"),
    ErrorCode.IMAGE_PIXELS_TOO_MANY: ("图片像素过多（最多 {limit} 像素）", "The image has too many pixels (max {limit})"),
    # 114501-114510 resource classifications and 3D model library
    ErrorCode.MODEL_NOT_FOUND: ("模型不存在", "This model does not exist"),
    ErrorCode.MODEL_NAME_EMPTY: ("请输入模型名称", "Enter the model name"),
    ErrorCode.MODEL_NAME_TOO_LONG: ("模型名称最多 20 个字符", "The model name can be at most 20 characters"),
    ErrorCode.MODEL_NAME_EXISTS: ("模型名称已存在", "This model name already exists"),
    ErrorCode.MODEL_CLASSIFY_NOT_FOUND: ("模型分类不存在", "This model classification does not exist"),
    ErrorCode.MODEL_CLASSIFY_NAME_EXISTS: ("模型分类名称已存在", "This model classification name already exists"),
    ErrorCode.MODEL_CLASSIFY_NOT_EMPTY: ("该模型分类下还有模型，不能删除", "This model classification has models and cannot be deleted"),
    ErrorCode.MODEL_IN_USE: ("该模型正在使用中，不能删除", "This model is in use and cannot be deleted"),
    ErrorCode.MODEL_PARSE_FAILED: ("模型文件解析失败（{file}）", "The model file could not be read ({file})"),
    ErrorCode.SYSTEM_RESOURCE_READONLY: ("系统资源不能修改或删除", "System resources cannot be changed or deleted"),
    # 114020-114029 SVG uploads and the tenant symbol library
    ErrorCode.SVG_UNREADABLE: ("SVG 无法读取：不是格式正确的 SVG 文件", "The SVG could not be read: it is not a well-formed SVG file"),
    ErrorCode.SVG_DTD_REFUSED: ("SVG 不能包含 DOCTYPE 或实体声明", "An SVG may not contain a DOCTYPE or entity declarations"),
    ErrorCode.SVG_TOO_LARGE: ("SVG 文件过大（不能超过 {size}）", "The SVG file is too large (max {size})"),
    ErrorCode.SVG_TOO_COMPLEX: ("SVG 过于复杂（最多 {elements} 个元素、{depth} 层嵌套）", "The SVG is too complex (max {elements} elements, {depth} levels deep)"),
    ErrorCode.SVG_EMPTY: ("SVG 清理后没有可绘制的内容或缺少尺寸（viewBox 或宽高）", "Nothing drawable is left in the SVG once cleaned, or it has no size (viewBox or width and height)"),
    ErrorCode.SYMBOL_NOT_FOUND: ("图元不存在", "This symbol does not exist"),
    ErrorCode.SYMBOL_NAME_INVALID: ("图元名称须为 1 到 20 个字符", "The symbol name must be 1 to 20 characters"),
    ErrorCode.SYMBOL_NAME_EXISTS: ("图元名称已存在", "This symbol name already exists"),
    ErrorCode.SYMBOL_PARTS_INVALID: ("图元部件无效：须为该图元中的元素，不能重复，每个部件须有 1 到 20 个字符的名称", "The symbol parts are not valid: each must be an element of the symbol, once, named in 1 to 20 characters"),
    ErrorCode.SYMBOL_LIMIT: ("图元数量已达上限（{limit}）", "The symbol library is full ({limit} symbols)"),
    ErrorCode.SYMBOL_IN_USE: ("该图元正在画面中使用，不能删除", "This symbol is used on a screen and cannot be deleted"),
    ErrorCode.MODEL_FILE_UNUSED: ("gltf 文件未引用上传的文件 {file}", "The gltf file does not use the uploaded file {file}"),
    # 115001-115024 templates
    ErrorCode.TEMPLATE_NOT_FOUND: ("模板不存在", "This template does not exist"),
    ErrorCode.TEMPLATE_BIND_LIMIT: ("模板绑定的设备数量已达上限（{limit}）", "The template is bound to the maximum number of devices ({limit})"),
    ErrorCode.TEMPLATE_NAME_EMPTY: ("请输入模板名称", "Enter the template name"),
    ErrorCode.TEMPLATE_NAME_TOO_LONG: ("模板名称最多 32 个字符", "The template name can be at most 32 characters"),
    ErrorCode.TEMPLATE_DESCRIPTION_TOO_LONG: ("模板描述最多 200 个字符", "The template description can be at most 200 characters"),
    ErrorCode.TEMPLATE_NAME_EXISTS: ("模板名称已存在", "This template name already exists"),
    ErrorCode.TEMPLATE_UNBOUND_CANNOT_PUBLISH: ("模板未绑定设备，不能发布", "The template is not bound to a device and cannot be published"),
    ErrorCode.VPN_DEVICE_CANNOT_BIND_TEMPLATE: ("VPN 设备不能绑定模板", "VPN devices cannot be bound to templates"),
    ErrorCode.DEVICE_TEMPLATE_BOUND: ("每台设备只能绑定一个模板", "A device can be bound to only one template"),
    ErrorCode.TEMPLATE_REPUBLISH_REQUIRED: ("已发布的模板修改后须重新发布才能生效", "Republish the template for your changes to take effect"),
    ErrorCode.MAIN_SCREEN_REQUIRED: ("请设置一个主画面", "Set one screen as the main screen"),
    ErrorCode.MAIN_SCREEN_CANNOT_BE_DELETED: ("主画面不能删除", "The main screen cannot be deleted"),
    ErrorCode.TEMPLATE_SIZE_INVALID: ("画面尺寸无效，请选择预设尺寸或输入有效的宽高", "Invalid size, choose a preset or enter a valid width and height"),
    ErrorCode.PERMISSION_ITEMS_LIMIT: ("权限项最多 15 个", "A template can have at most 15 permission items"),
    ErrorCode.TEMPLATE_SHARE_OWN_ONLY: ("只能分享自己的模板", "You can share only your own templates"),
    ErrorCode.TEMPLATE_QUOTA_EXCEEDED: ("模板创建额度已用完", "You have used up your template quota"),
    ErrorCode.TEMPLATE_PUBLISHED: (
        "已发布的模板不能删除或转交，请先取消发布",
        "A published template cannot be deleted or handed over; unpublish it first",
    ),
    ErrorCode.TEMPLATE_NOT_PUBLISHED: ("模板尚未发布", "The template has not been published"),
    ErrorCode.TEMPLATE_NO_EDIT_PERMISSION: ("没有编辑该模板的权限", "You have no permission to edit this template"),
    # Two editors on one screen: the later save names a revision another save has replaced since.
    ErrorCode.TEMPLATE_LOCKED: ("该画面已被他人保存过，请重新加载，或确认覆盖对方的修改", "Someone else has saved this screen since you opened it: reload it, or overwrite their changes"),
    ErrorCode.TEMPLATE_COPY_FAILED: ("复制模板失败", "The template could not be copied"),
    ErrorCode.TEMPLATE_TRANSFER_INVALID: (
        "无法转交：接收账号无效，或模板还绑定着设备（请先解绑）",
        "Cannot hand over: the receiving account is not valid, or devices are still bound to the template (unbind them first)",
    ),
    ErrorCode.SCREEN_QUOTA_REACHED: ("画面数量已达配额（{limit}），请删除不需要的画面或联系管理员", "Your screens quota is used up ({limit}): delete screens you no longer need, or ask your administrator"),
    ErrorCode.SCREEN_VERSION_STORAGE_FULL: ("画面版本存储空间已满（配额 {limit} MB），请删除不需要的版本", "Your screen versions storage is full (quota {limit} MB): delete versions you no longer need"),
    # 115201-115218 template screens, their documents and versions
    ErrorCode.SCREEN_NOT_FOUND: ("画面不存在", "This screen does not exist"),
    ErrorCode.SCREEN_NAME_EMPTY: ("请输入画面名称", "Enter the screen name"),
    ErrorCode.SCREEN_NAME_TOO_LONG: ("画面名称过长（最多 {limit} 个字符）", "The screen name is too long (max {limit} characters)"),
    ErrorCode.SCREEN_NAME_EXISTS: ("画面名称已存在", "This screen name already exists"),
    ErrorCode.SCREEN_LIMIT_REACHED: ("画面数量已达上限（{limit}）", "The maximum number of screens has been reached ({limit})"),
    ErrorCode.SCREEN_BACKGROUND_INVALID: ("背景图片须为 jpg 或 png 格式", "The background image must be jpg or png"),
    ErrorCode.SCREEN_CONTENT_INVALID: ("画面内容无效", "The screen content is not valid"),
    ErrorCode.SCREEN_CONTENT_TOO_LARGE: ("画面内容过大（最多 {size} MB）", "The screen content is too large (max {size} MB)"),
    ErrorCode.ELEMENT_BINDING_INVALID: ("控件绑定的数据项不存在（画面：{screen}）", "A control is bound to a data item that does not exist (screen: {screen})"),
    ErrorCode.SCREEN_ORDER_INVALID: ("画面顺序无效", "The screen order is not valid"),
    ErrorCode.SCREEN_SCHEMA_VERSION_UNSUPPORTED: ("画面内容的版本（{version}）过新，请刷新页面后再试", "The screen content's version ({version}) is newer than this server reads; reload the page and try again"),
    ErrorCode.ELEMENT_TYPE_UNKNOWN: ("不支持的控件类型（{type}）", "This control type is not supported ({type})"),
    ErrorCode.FLICKER_FREQUENCY_INVALID: ("闪烁频率须为 {min} 到 {max} 秒", "The flicker frequency must be {min} to {max} seconds"),
    ErrorCode.ELEMENT_ACTION_INVALID: ("控件动作指向的画面不存在（画面：{screen}）", "A control's action opens a screen that does not exist (screen: {screen})"),
    ErrorCode.SCREEN_ELEMENTS_LIMIT: ("画面控件过多（最多 {limit} 个）", "A screen can have at most {limit} elements"),
    ErrorCode.SCREEN_VERSION_NAME_INVALID: ("版本名称须为 1 到 {limit} 个字符", "A version name must be 1 to {limit} characters"),
    ErrorCode.SCREEN_VERSION_NOT_FOUND: ("画面版本不存在", "This screen version does not exist"),
    ErrorCode.SCREEN_VERSION_LIMIT: ("画面版本数量已达上限（{limit}），请先删除不需要的版本", "The maximum number of versions has been reached ({limit}); delete the ones you no longer need first"),
    # 115219-115224 animations of screen elements and their expressions
    ErrorCode.ANIMATION_EXPRESSION_SYNTAX: ("动画表达式有语法错误（第 {position} 个字符）", "The animation expression has a syntax error (at character {position})"),
    ErrorCode.ANIMATION_FUNCTION_UNKNOWN: ("动画表达式使用了不支持的函数（{name}）", "The animation expression calls a function it does not know ({name})"),
    ErrorCode.ANIMATION_NAME_UNKNOWN: ("动画表达式引用了未选择数据项的名称（{name}）", "The animation expression names {name}, which is not one of its data items"),
    ErrorCode.ANIMATION_EXPRESSION_TOO_COMPLEX: ("动画表达式过长或嵌套过深（最多 {length} 个字符、{depth} 层）", "The animation expression is too long or too deeply nested (at most {length} characters and {depth} levels)"),
    ErrorCode.ANIMATION_DATA_SOURCE_INVALID: ("动画使用的数据项不存在（画面：{screen}）", "An animation uses a data item that does not exist (screen: {screen})"),
    ErrorCode.ANIMATION_INVALID: ("动画设置无效：须有一个数据项或一个表达式，且输入范围的最小值小于最大值", "The animation's settings are not valid: it takes one data item or one expression, and an input range whose minimum is below its maximum"),
    # 115225-115229 pipes and connectors
    ErrorCode.ELEMENT_ATTACH_TARGET_UNKNOWN: ("管道端点连接的控件不在本画面中", "A pipe's end is attached to an element that is not on this screen"),
    ErrorCode.ELEMENT_ATTACH_SELF: ("管道端点不能连接到管道自身", "A pipe's end cannot be attached to the pipe itself"),
    ErrorCode.ELEMENT_ATTACH_TYPE: ("只有管道、直线和折线的端点可以连接到其他控件", "Only the ends of pipes, lines and polylines can be attached to other elements"),
    # 115301-115310 template sharing, library and tile groups
    ErrorCode.TEMPLATE_SHARE_TO_SELF: ("不能把模板分享给自己", "You cannot share a template with yourself"),
    ErrorCode.TEMPLATE_SHARE_USER_NOT_FOUND: ("被分享的用户不存在", "The user to share with does not exist"),
    ErrorCode.TEMPLATE_ALREADY_SHARED: ("已分享给该用户", "Already shared with this user"),
    ErrorCode.TEMPLATE_SHARE_NOT_FOUND: ("分享记录不存在", "This share does not exist"),
    ErrorCode.LIBRARY_TEMPLATE_NOT_FOUND: ("模板库中没有该模板", "The template library does not have this template"),
    ErrorCode.TILE_GROUP_NAME_EXISTS: ("图块分组名称已存在", "This tile group name already exists"),
    ErrorCode.TILE_GROUP_NAME_EMPTY: ("请输入图块分组名称", "Enter the tile group name"),
    ErrorCode.TILE_GROUP_NOT_FOUND: ("图块分组不存在", "This tile group does not exist"),
    ErrorCode.TILE_GROUP_NOT_EMPTY: ("该图块分组下还有图块，不能删除", "This tile group has tiles and cannot be deleted"),
    ErrorCode.TILE_NOT_FOUND: ("图块不存在", "This tile does not exist"),
    # 115401-115414 data sources
    ErrorCode.DATA_SOURCE_NOT_FOUND: ("数据源不存在", "This data source does not exist"),
    ErrorCode.DATA_SOURCE_NAME_EMPTY: ("请输入数据源名称", "Enter the data source name"),
    ErrorCode.DATA_SOURCE_NAME_TOO_LONG: ("数据源名称过长（最多 {limit} 个字符）", "The data source name is too long (max {limit} characters)"),
    ErrorCode.DATA_SOURCE_NAME_EXISTS: ("数据源名称重复", "This data source name is already used"),
    ErrorCode.DATA_SOURCE_TYPE_INVALID: ("数据类型无效", "The data type is not valid"),
    ErrorCode.REGISTER_ADDRESS_INVALID: ("寄存器地址无效", "The register address is not valid"),
    ErrorCode.DATA_SOURCE_RANGE_INVALID: ("量程无效，下限必须小于上限", "Invalid range, the lower limit must be below the upper limit"),
    ErrorCode.HISTORY_SETTING_INVALID: ("历史存储设置无效", "The history storage setting is not valid"),
    ErrorCode.ALARM_CONDITION_INVALID: ("报警条件无效", "The alarm condition is not valid"),
    ErrorCode.ALARM_LEVEL_INVALID: ("报警级别须为 1 到 5", "The alarm level must be between 1 and 5"),
    ErrorCode.DATA_SOURCE_IMPORT_TYPE_INVALID: ("导入文件须为 xlsx、xls 或 csv 格式", "The import file must be xlsx, xls or csv"),
    ErrorCode.DATA_SOURCE_IMPORT_ROW_INVALID: ("导入数据有误（第 {row} 行）", "The import data has an error (row {row})"),
    ErrorCode.DATA_SOURCE_IN_USE: (
        "该分组不能删除：默认分组不能删除，其他分组请先移走或删除其中的数据源",
        "This group cannot be deleted: the default group stays, and other groups must be emptied of data sources first",
    ),
    # 115501-115506 monitoring tables of a template
    ErrorCode.MIDDLEWARE_NOT_FOUND: ("监控表不存在", "This monitoring table does not exist"),
    ErrorCode.MIDDLEWARE_NAME_EMPTY: ("请输入监控表名称", "Enter a name for the monitoring table"),
    ErrorCode.MIDDLEWARE_NAME_TOO_LONG: ("监控表名称过长（最多 {limit} 个字符）", "The monitoring table's name is too long (max {limit} characters)"),
    ErrorCode.MIDDLEWARE_NAME_EXISTS: ("该模板已有同名的监控表", "This template already has a monitoring table of that name"),
    ErrorCode.MIDDLEWARE_LIMIT: ("每个模板最多 {limit} 个监控表", "A template can have at most {limit} monitoring tables"),
    ErrorCode.MIDDLEWARE_DESIGN_INVALID: ("监控表的设计无效（{field}）", "The monitoring table's design is not valid ({field})"),
    # 115507-115511 groups of monitoring tables
    ErrorCode.MONITOR_GROUP_NOT_FOUND: ("监控分组不存在", "This monitoring group does not exist"),
    ErrorCode.MONITOR_GROUP_NAME_EMPTY: ("请输入分组名称", "Enter a name for the group"),
    ErrorCode.MONITOR_GROUP_NAME_TOO_LONG: ("分组名称过长（最多 {limit} 个字符）", "The group's name is too long (max {limit} characters)"),
    ErrorCode.MONITOR_GROUP_NAME_EXISTS: ("已有同名的监控分组", "A monitoring group of that name already exists"),
    ErrorCode.MONITOR_GROUP_LIMIT: ("最多 {limit} 个监控分组", "At most {limit} monitoring groups"),
    ErrorCode.ALARM_LIST_EMPTY: ("报警列表至少需要 1 项", "The alarm list needs at least one item"),
    # 116001-116013 software upgrades
    ErrorCode.UPGRADE_FILE_INVALID: ("升级文件无效", "The upgrade file is not valid"),
    ErrorCode.UPGRADE_FILE_TOO_LARGE: ("升级文件过大（不能超过 {size}）", "The upgrade file is too large (max {size})"),
    ErrorCode.SOFTWARE_VERSION_NOT_FOUND: ("软件版本不存在", "This software version does not exist"),
    ErrorCode.SOFTWARE_VERSION_EXISTS: ("该版本号已存在", "This version number already exists"),
    ErrorCode.SOFTWARE_VERSION_INVALID: ("版本号格式不正确", "The version number is not valid"),
    ErrorCode.SOFTWARE_VERSION_NOT_NEWER: ("版本号须高于当前版本", "The version must be newer than the current one"),
    ErrorCode.UPGRADE_DEVICE_OFFLINE: ("设备不在线，无法升级（{device}）", "The device is offline and cannot be upgraded ({device})"),
    ErrorCode.UPGRADE_IN_PROGRESS: ("设备正在升级，请勿重复操作（{device}）", "The device is already upgrading ({device})"),
    ErrorCode.UPGRADE_MODEL_MISMATCH: ("升级文件与设备型号不匹配（{device}）", "The upgrade file does not match the device model ({device})"),
    ErrorCode.UPGRADE_FAILED: ("升级失败", "The upgrade failed"),
    ErrorCode.UPGRADE_TIMEOUT: ("升级超时", "The upgrade timed out"),
    ErrorCode.UPGRADE_ALREADY_LATEST: ("设备已是最新版本（{device}）", "The device is already up to date ({device})"),
    ErrorCode.UPGRADE_NO_DEVICES: ("请选择要升级的设备", "Choose the devices to upgrade"),
    # 117001-117006 thumbnails
    ErrorCode.THUMBNAIL_GROUP_LIMIT: ("缩略图分组最多 50 个", "There can be at most 50 thumbnail groups"),
    ErrorCode.THUMBNAIL_LIMIT: ("每个分组最多 30 张缩略图", "A group can hold at most 30 thumbnails"),
    ErrorCode.THUMBNAIL_GROUP_NAME_EXISTS: ("缩略图分组名称已存在", "This thumbnail group name already exists"),
    ErrorCode.THUMBNAIL_NAME_EXISTS: ("缩略图名称已存在", "This thumbnail name already exists"),
    ErrorCode.THUMBNAIL_GROUP_NOT_FOUND: ("缩略图分组不存在", "This thumbnail group does not exist"),
    ErrorCode.THUMBNAIL_NOT_FOUND: ("缩略图不存在", "This thumbnail does not exist"),
    # 117801-117804 messages
    ErrorCode.MESSAGE_NOT_FOUND: ("消息不存在", "This message does not exist"),
    ErrorCode.MESSAGE_CONTENT_EMPTY: ("消息标题和内容不能为空", "The message title and content are required"),
    ErrorCode.MESSAGE_RECIPIENTS_EMPTY: ("请选择接收人", "Choose at least one recipient"),
    ErrorCode.MESSAGE_TOO_LONG: ("消息内容过长（最多 {limit} 个字符）", "The message is too long (max {limit} characters)"),
    # 117805-117814 mail recipients, daily mail caps and mail subjects
    ErrorCode.MAIL_RECIPIENT_NOT_ALLOWED: ("该邮箱不是本租户用户的邮箱，也未经验证：{field}", "This address is neither a user of this tenant nor verified: {field}"),
    ErrorCode.MAIL_VERIFY_LINK_INVALID: ("验证链接无效或已使用", "This verification link is invalid or has already been used"),
    ErrorCode.MAIL_VERIFY_LINK_EXPIRED: ("验证链接已过期，请重新发送验证邮件", "This verification link has expired, please send a new verification"),
    ErrorCode.MAIL_VERIFY_TOO_FREQUENT: ("验证邮件发送过于频繁，请 {seconds} 秒后再试", "Verification mails sent too often, please try again in {seconds} seconds"),
    ErrorCode.MAIL_VERIFY_DAILY_LIMIT: ("今日验证邮件已达上限（{limit}）", "Today's verification mails have reached the limit ({limit})"),
    ErrorCode.MAIL_RECIPIENT_NOT_FOUND: ("收件人不存在", "This recipient does not exist"),
    ErrorCode.MAIL_DAILY_RECIPIENTS_LIMIT: ("今日邮件收件人数已达上限（{limit}），今天不再发送", "Today's mail recipients have reached the limit ({limit}), nothing more is sent today"),
    ErrorCode.MAIL_DAILY_MESSAGES_LIMIT: ("今日邮件数已达上限（{limit}），今天不再发送", "Today's mails have reached the limit ({limit}), nothing more is sent today"),
    ErrorCode.MAIL_RECIPIENTS_SKIPPED: ("未验证的收件人已跳过：{field}", "Recipients no longer allowed were skipped: {field}"),
    ErrorCode.TITLE_CONTROL_CHARACTERS: ("标题不能包含换行等控制字符", "The title cannot contain line breaks or other control characters"),
    # 117815-117818 written messages and notices
    ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND: ("接收人不存在或不在您的管理范围内", "This recipient does not exist or is outside what you manage"),
    ErrorCode.NOTICE_NOT_FOUND: ("公告不存在", "This notice does not exist"),
    ErrorCode.NOTICE_ALREADY_SENT: ("公告已发送，不能再修改或发送", "This notice has been sent and can no longer be changed or sent"),
    ErrorCode.NOTICE_TIME_INVALID: ("定时发送时间须在当前时间之后的 {limit} 天内", "The scheduled time must be in the future, within {limit} days"),
    # 117819-117823 alarm notification rules and their delivery log
    ErrorCode.NOTIFY_RULE_NOT_FOUND: ("通知规则不存在", "This notification rule does not exist"),
    ErrorCode.NOTIFY_RULE_NAME_INVALID: ("规则名称为 1–{limit} 个字符", "The rule name must be 1-{limit} characters"),
    ErrorCode.NOTIFY_RULE_NAME_EXISTS: ("规则名称已存在", "This rule name already exists"),
    ErrorCode.NOTIFY_URL_INVALID: ("地址无效：须为 http(s) 地址，且不能指向本机或内网", "This address is not valid: it must be an http(s) address outside this server and its private network"),
    ErrorCode.NOTIFY_DELIVERY_NOT_FOUND: ("通知记录不存在", "This delivery does not exist"),
    # 117824-117827 outgoing webhooks
    ErrorCode.WEBHOOK_NOT_FOUND: ("Webhook 订阅不存在", "This webhook subscription does not exist"),
    ErrorCode.WEBHOOK_NAME_INVALID: ("订阅名称为 1–{limit} 个字符", "The subscription name must be 1-{limit} characters"),
    ErrorCode.WEBHOOK_LIMIT_REACHED: ("Webhook 订阅数量已达上限（{limit}）", "The maximum number of webhook subscriptions has been reached ({limit})"),
    ErrorCode.WEBHOOK_EVENTS_EMPTY: ("请至少选择一个事件", "Choose at least one event"),
    # 117840-117855 app keys of the open API
    ErrorCode.APP_KEY_INVALID: ("应用密钥或签名无效", "The app key or its signature is not valid"),
    ErrorCode.APP_KEY_REVOKED: ("应用密钥已吊销", "This app key has been revoked"),
    ErrorCode.APP_KEY_EXPIRED: ("应用密钥已过期", "This app key has expired"),
    ErrorCode.APP_KEY_IP_DENIED: ("该地址不在应用密钥的 IP 白名单中", "This address is not in the app key's IP allow list"),
    ErrorCode.APP_KEY_TIMESTAMP: ("请求时间戳与服务器时间相差超过 {seconds} 秒", "The request's timestamp is more than {seconds} seconds from the server's clock"),
    ErrorCode.APP_KEY_REPLAYED: ("该请求的随机数已使用过", "This request's nonce has already been used"),
    ErrorCode.APP_KEY_SCOPE: ("应用密钥的权限范围不包含此操作", "This app key's scopes do not include this operation"),
    ErrorCode.APP_KEY_RATE_LIMITED: ("应用密钥调用过于频繁，请 {seconds} 秒后再试", "This app key calls too often, please try again in {seconds} seconds"),
    ErrorCode.APP_KEY_QUOTA_EXCEEDED: ("应用密钥今日调用次数已达上限（{limit}）", "This app key has used its daily quota ({limit} calls)"),
    ErrorCode.APP_KEY_NOT_FOUND: ("应用密钥不存在", "This app key does not exist"),
    ErrorCode.APP_KEY_NAME_INVALID: ("密钥名称为 1–{limit} 个字符", "The key name must be 1-{limit} characters"),
    ErrorCode.APP_KEY_LIMIT_REACHED: ("应用密钥数量已达上限（{limit}）", "The maximum number of app keys has been reached ({limit})"),
    ErrorCode.APP_KEY_SCOPES_EMPTY: ("请至少选择一个权限范围", "Choose at least one scope"),
    ErrorCode.APP_KEY_IP_LIST_INVALID: ("IP 白名单须为 IP 地址或网段（最多 {limit} 条）", "The IP allow list must hold IP addresses or CIDR ranges (at most {limit})"),
    ErrorCode.APP_KEY_EXPIRY_INVALID: ("过期时间须在将来", "The expiry must be in the future"),
    ErrorCode.APP_KEY_OWNER_INACTIVE: ("应用密钥的所有者已停用或不存在", "The app key's owner is locked or gone"),
    # 117860-117889 automations
    ErrorCode.AUTOMATION_RULE_NOT_FOUND: ("自动化规则不存在", "This automation rule does not exist"),
    ErrorCode.AUTOMATION_RULE_NAME_INVALID: ("规则名称为 1–{limit} 个字符，且不能包含换行等控制字符", "The rule name must be 1-{limit} characters without line breaks or other control characters"),
    ErrorCode.AUTOMATION_RULE_NAME_EXISTS: ("规则名称已存在", "This rule name already exists"),
    ErrorCode.AUTOMATION_RULE_LIMIT: ("自动化规则数量已达上限（{limit}）", "The maximum number of automation rules has been reached ({limit})"),
    ErrorCode.AUTOMATION_SCOPE_INVALID: ("范围无效：设备、设备分组或模板不存在，或设备未绑定该模板", "The scope is not valid: the device, device group or template does not exist, or the device is not bound to the template"),
    ErrorCode.AUTOMATION_TRIGGER_INVALID: ("触发条件无效：{field}", "The trigger is not valid: {field}"),
    ErrorCode.AUTOMATION_SOURCE_INVALID: ("数据源不属于该模板，或不可写", "The data source is not one of the template's, or cannot be written"),
    ErrorCode.AUTOMATION_CONDITION_INVALID: ("附加条件无效（最多 {limit} 个）", "A condition is not valid (at most {limit})"),
    ErrorCode.AUTOMATION_ACTION_INVALID: ("动作无效：{field}", "An action is not valid: {field}"),
    ErrorCode.AUTOMATION_RECIPIENT_INVALID: ("接收人不存在或不属于本租户", "A recipient does not exist or is not of this tenant"),
    ErrorCode.AUTOMATION_SCHEDULE_INVALID: ("计划无效：时间为 HH:MM，星期为 1–7，或填写有效的 cron 表达式", "The schedule is not valid: a time as HH:MM, weekdays 1-7, or a valid cron expression"),
    ErrorCode.AUTOMATION_TARGET_NOT_FOUND: ("转发目标不存在", "This forward target does not exist"),
    ErrorCode.AUTOMATION_DRY_RUN_INVALID: ("试运行无效：仅可回放阈值、变化和计划触发，时间范围最多 {days} 天", "The dry run is not valid: only threshold, change and schedule triggers can be replayed, over at most {days} days"),
    ErrorCode.AUTOMATION_WRITE_FORBIDDEN: ("规则的所有者无权写入该设备", "The rule's owner may not write to this device"),
    ErrorCode.AUTOMATION_WEBHOOK_NOT_FOUND: ("Webhook 订阅不存在", "This webhook subscription does not exist"),
    # 117871-117875, 117879 automations' forward targets
    ErrorCode.AUTOMATION_TARGET_NAME_INVALID: ("目标名称为 1–{limit} 个字符，不含控制字符，且不能与其他目标重名", "The target name must be 1-{limit} characters without control characters, and not another target's"),
    ErrorCode.AUTOMATION_TARGET_IN_USE: ("该转发目标正被规则使用，不能删除", "This forward target is used by a rule and cannot be deleted"),
    ErrorCode.AUTOMATION_TARGET_CONFIG_INVALID: ("转发目标设置无效（地址、主机、端口、主题、表或字段映射）", "The target settings are not valid (URL, host, port, topic, table or columns)"),
    ErrorCode.AUTOMATION_TARGET_LIMIT_REACHED: ("转发目标数量已达上限（{limit}）", "The maximum number of forward targets has been reached ({limit})"),
    ErrorCode.AUTOMATION_TARGET_NO_ROWS: ("只有“本库表”类型的目标保存转发的数据", "Only a target of kind table keeps the rows forwarded to it"),
    # 118001-118007 dashboards
    ErrorCode.DASHBOARD_NOT_FOUND: ("看板不存在", "This dashboard does not exist"),
    ErrorCode.DASHBOARD_NAME_EMPTY: ("请输入看板名称", "Enter the dashboard name"),
    ErrorCode.DASHBOARD_NAME_TOO_LONG: ("看板名称最多 64 个字符", "The dashboard name can be at most 64 characters"),
    ErrorCode.DASHBOARD_NAME_EXISTS: ("看板名称已存在", "This dashboard name already exists"),
    ErrorCode.DASHBOARD_NO_EDIT_PERMISSION: ("没有编辑看板的权限", "You have no permission to edit this dashboard"),
    ErrorCode.DASHBOARD_NO_FULLSCREEN_PERMISSION: ("没有全屏查看看板的权限", "You have no permission to view this dashboard full screen"),
    ErrorCode.DASHBOARD_VISIBILITY_INVALID: ("请选择可见的用户、角色或分组", "Choose the users, roles or groups who can see it"),
    # 118201-118217 reports
    ErrorCode.REPORT_TITLE_EMPTY: ("请输入报表标题", "Enter the report title"),
    ErrorCode.REPORT_TITLE_TOO_LONG: ("报表标题最多 32 个字符", "The report title can be at most 32 characters"),
    ErrorCode.REPORT_DIMENSION_REQUIRED: ("请至少选择一个维度", "Choose at least one dimension"),
    ErrorCode.REPORT_AGGREGATION_REQUIRED: ("请选择聚合字段", "Choose an aggregation field"),
    ErrorCode.REPORT_DATA_SOURCE_REQUIRED: ("请选择数据源", "Choose a data source"),
    ErrorCode.REPORT_END_BEFORE_START: ("结束时间不能早于开始时间", "The end time cannot be before the start time"),
    ErrorCode.REPORT_MAX_BELOW_MIN: ("最大值不能小于最小值", "The maximum cannot be below the minimum"),
    ErrorCode.REPORT_COMPARISON_LIMIT: ("对比项最多 10 个", "There can be at most 10 comparison items"),
    ErrorCode.REPORT_DIMENSION_GROUP_LIMIT: ("维度分组最多 10 个", "There can be at most 10 dimension groups"),
    ErrorCode.REPORT_TIME_RANGE_TOO_LONG: ("时间范围过长（按小时或分钟聚合时最多 {days} 天）", "The time range is too long (at most {days} days for hourly or minute aggregation)"),
    ErrorCode.REPORT_FILTER_LIMIT: ("筛选条件过多（最多 {limit} 个）", "Too many filters (max {limit})"),
    ErrorCode.REPORT_NOT_FOUND: ("报表不存在", "This report does not exist"),
    ErrorCode.REPORT_TITLE_EXISTS: ("报表标题已存在", "This report title already exists"),
    ErrorCode.REPORT_TIME_OUT_OF_RANGE: ("报表的时间范围超出可查询的日期（1970 年至 9997 年）", "The report's time range goes beyond the dates that can be queried (the years 1970 to 9997)"),
    ErrorCode.REPORT_TOO_MANY_BUCKETS: ("按该时间单位分组过多（最多 {limit} 组），请缩短时间范围或选择更大的时间单位", "Too many time buckets (max {limit}): shorten the range or choose a larger time unit"),
    ErrorCode.REPORT_DEFINITION_INVALID: ("报表设置无效，请重新编辑并保存", "This report's saved settings are not valid: edit and save the report again"),
    ErrorCode.REPORT_HISTORY_RANGE_TOO_LONG: ("历史数据报表的时间范围最多 {days} 天", "A history data report's time range can be at most {days} days"),
    # 118301-118305 share links
    ErrorCode.SHARE_LINK_INVALID: ("分享链接无效", "This share link is not valid"),
    ErrorCode.SHARE_LINK_NO_ACCESS: ("没有访问该分享链接的权限", "You have no access to this share link"),
    ErrorCode.SHARE_LINK_ACCESS_LIMIT: ("分享链接已达到最大访问次数", "This share link has reached its maximum number of visits"),
    ErrorCode.SHARE_LINK_EXPIRED: ("分享链接已过期", "This share link has expired"),
    ErrorCode.SHARE_LINK_DISABLED: ("分享链接已停用", "This share link has been disabled"),
    # 118801-118811 virtual devices and historical data
    ErrorCode.VIRTUAL_DEVICE_NOT_FOUND: ("虚拟设备不存在", "This virtual device does not exist"),
    ErrorCode.VIRTUAL_DEVICE_BINDING_ABNORMAL: ("虚拟设备绑定异常", "The virtual device binding is abnormal"),
    ErrorCode.VIRTUAL_DEVICE_REPAIR_NOT_ALLOWED: ("2.0 数据源的设备不支持修复", "Devices with 2.0 data sources cannot be repaired"),
    ErrorCode.VIRTUAL_BOUND_DEVICE_NOT_FOUND: ("绑定的设备不存在", "The bound device does not exist"),
    ErrorCode.VIRTUAL_DEVICE_GPS_NOT_ALLOWED: ("虚拟设备不能绑定 GPS 设备", "A virtual device cannot use a GPS device"),
    ErrorCode.VIRTUAL_DEVICE_VERSION_MISMATCH: ("1.0 与 2.0 数据源的设备不能混用", "Devices with 1.0 and 2.0 data sources cannot be mixed"),
    ErrorCode.HISTORY_NO_DATA: _HISTORY_NO_DATA,
    ErrorCode.VIRTUAL_DEVICE_NAME_EXISTS: ("虚拟设备名称已存在", "This virtual device name already exists"),
    ErrorCode.VIRTUAL_DEVICE_NAME_TOO_LONG: ("虚拟设备名称过长（最多 {limit} 个字符）", "The virtual device name is too long (max {limit} characters)"),
    ErrorCode.VIRTUAL_DEVICE_LIMIT: ("虚拟设备数量已达上限（{limit}）", "The maximum number of virtual devices has been reached ({limit})"),
    ErrorCode.VIRTUAL_DEVICE_ITEMS_EMPTY: ("请至少选择一个数据项", "Choose at least one data item"),
    # 118901-118902 historical data (the text of 118807)
    ErrorCode.HISTORY_QUERY_NO_DATA: _HISTORY_NO_DATA,
    ErrorCode.HISTORY_EXPORT_NO_DATA: _HISTORY_NO_DATA,
    # 119001-119005 services
    ErrorCode.MAP_NOT_CONFIGURED: ("地图服务未配置", "The map service is not configured"),
    ErrorCode.WEATHER_NOT_CONFIGURED: ("天气服务未配置", "The weather service is not configured"),
    ErrorCode.SMS_NOT_CONFIGURED: ("短信服务未配置", "The SMS service is not configured"),
    ErrorCode.EMAIL_NOT_CONFIGURED: ("邮件服务未配置", "The email service is not configured"),
    ErrorCode.PUSH_NOT_CONFIGURED: ("推送服务未配置", "The push service is not configured"),
    # 810101-810116 monitoring (operations management)
    ErrorCode.MONITOR_NO_PERMISSION: ("没有运维管理权限", "You have no operations management rights"),
    ErrorCode.MONITOR_USER_NOT_FOUND: ("用户不存在", "This user does not exist"),
    ErrorCode.MONITOR_DEVICE_NOT_FOUND: ("设备不存在", "This device does not exist"),
    ErrorCode.MONITOR_TENANT_NOT_FOUND: ("租户不存在", "This tenant does not exist"),
    ErrorCode.MONITOR_QUOTA_INVALID: ("额度须为非负整数", "The quota must be a whole number, zero or more"),
    ErrorCode.MONITOR_QUOTA_BELOW_USAGE: ("额度不能低于已使用的数量", "The quota cannot be below what is already used"),
    ErrorCode.MONITOR_RANGE_INVALID: ("统计时间范围无效", "The statistics time range is not valid"),
    ErrorCode.MONITOR_RANGE_TOO_LONG: ("统计时间范围过长（最多 {days} 天）", "The statistics time range is too long (max {days} days)"),
    ErrorCode.MONITOR_VPN_QUERY_FAILED: ("查询 VPN 状态失败：{reason}", "Could not query the VPN state: {reason}"),
    ErrorCode.MONITOR_VPN_RESET_FAILED: ("重置 VPN 失败：{reason}", "Could not reset the VPN: {reason}"),
    ErrorCode.MONITOR_FLOW_CARD_QUERY_FAILED: ("查询流量卡失败", "Could not query the flow card"),
    ErrorCode.MONITOR_TEST_FLOW_EXHAUSTED: ("测试流量已用完", "The test data allowance is used up"),
    ErrorCode.MONITOR_PERMISSION_INVALID: ("权限设置无效", "The permission setting is not valid"),
    ErrorCode.MONITOR_CANNOT_EDIT_SELF: ("不能修改自己的运维权限", "You cannot change your own operations rights"),
    ErrorCode.MONITOR_EXPORT_FAILED: ("导出统计数据失败", "Could not export the statistics"),
    ErrorCode.MONITOR_DATA_UNAVAILABLE: ("监控数据暂不可用，请稍后再试", "Monitoring data is not available, please try again later"),
    # 910101-910105 custom page modules
    ErrorCode.MENU_ITEM_NAME_INVALID: ("菜单项名称须为 1 到 15 个字符", "A menu item name must be 1 to 15 characters"),
    ErrorCode.MENU_ITEM_NAME_DUPLICATE: ("菜单项名称不能重复", "Menu item names must be unique"),
    ErrorCode.TOP_MENU_LIMIT: ("顶部菜单数量已达上限（{limit}）", "The top bar has the maximum number of menus ({limit})"),
    ErrorCode.SIDEBAR_TITLE_REQUIRED: ("请输入侧边栏标题", "Enter the sidebar title"),
    ErrorCode.TOP_BAR_TITLE_REQUIRED: ("请输入顶部栏标题", "Enter the top bar title"),
    # 200811 historical data
    ErrorCode.HISTORY_QUERY_FAILED: ("查询历史数据失败", "Could not load the historical data"),
    # 201801 files
    ErrorCode.FILE_INVALID: ("文件无效", "The file is not valid"),
    ErrorCode.EXPORT_FILE_NOT_FOUND: ("导出文件不存在或已过期", "This export file does not exist or has expired"),
    ErrorCode.EXPORT_FILE_NOT_READY: ("文件尚未生成完成，请稍后再试", "The file is not ready yet, please try again later"),
    ErrorCode.REPORT_NOT_EXPORTABLE: ("该报表不允许导出数据", "This report does not allow exporting its data"),
    ErrorCode.EXPORT_USER_QUEUE_FULL: ("您排队中的导出任务已达上限（{limit} 个），请等待已有任务完成后再试", "You have the maximum number of exports waiting ({limit}): try again when some have finished"),
    ErrorCode.EXPORT_TENANT_QUEUE_FULL: ("本账户排队中的导出任务已达上限（{limit} 个），请稍后再试", "Your organisation has the maximum number of exports waiting ({limit}): try again later"),
    # 202001-202008 carousel groups
    ErrorCode.CAROUSEL_GROUP_NOT_FOUND: ("轮播分组不存在", "This carousel group does not exist"),
    ErrorCode.CAROUSEL_GROUP_NAME_EMPTY: ("请输入轮播分组名称", "Enter the carousel group name"),
    ErrorCode.CAROUSEL_GROUP_NAME_EXISTS: ("轮播分组名称已存在", "This carousel group name already exists"),
    ErrorCode.CAROUSEL_GROUP_NAME_TOO_LONG: ("轮播分组名称过长（最多 {limit} 个字符）", "The carousel group name is too long (max {limit} characters)"),
    ErrorCode.CAROUSEL_GROUP_EMPTY: ("轮播分组至少需要一台设备", "A carousel group needs at least one device"),
    ErrorCode.CAROUSEL_INTERVAL_INVALID: ("轮播间隔无效", "The carousel interval is not valid"),
    ErrorCode.CAROUSEL_DEVICE_NOT_FOUND: ("轮播中的设备不存在", "A device in the carousel does not exist"),
    ErrorCode.CAROUSEL_GROUP_LIMIT: ("轮播分组数量已达上限（{limit}）", "The maximum number of carousel groups has been reached ({limit})"),
    # 202301 dashboard groups
    ErrorCode.DASHBOARD_GROUP_NOT_EMPTY: ("该分组下还有看板，不能删除", "This group has dashboards and cannot be deleted"),
}
# fmt: on

_ZH, _EN = 0, 1
_FORMATTER = string.Formatter()
# A placeholder whose value is missing takes its surroundings with it: first a bracketed aside
# "（最多 {limit} 个字符）" / " (max {limit} characters)", else the clause it sits in, so that
# "Invalid parameter: {field}" becomes "Invalid parameter" rather than showing "{field}".
_ASIDE = re.compile(r"\s*[（(][^（）()]*[）)]")
_CLAUSE_DELIMITER = re.compile(r"(，|：|；|, |: |; )")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _fields(template: str) -> set[str]:
    """Root names of the placeholders in `template`."""
    names: set[str] = set()
    for _, name, _, _ in _FORMATTER.parse(template):
        if name is not None:
            names.add(re.split(r"[.\[]", name, maxsplit=1)[0])
    return names


def _drop(template: str, missing: set[str]) -> str:
    """`template` without the asides and clauses that hold a placeholder in `missing`."""
    template = _ASIDE.sub(lambda m: "" if _fields(m.group()) & missing else m.group(), template)
    parts = _CLAUSE_DELIMITER.split(template)
    kept = [(parts[i - 1] if i else "", parts[i]) for i in range(0, len(parts), 2)]
    kept = [(delimiter, clause) for delimiter, clause in kept if not _fields(clause) & missing]
    if not kept:
        return _PLACEHOLDER.sub("", template)
    return kept[0][1] + "".join(delimiter + clause for delimiter, clause in kept[1:])


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def text(code: int, lang: str = "zh", **params: object) -> str:
    """Text of `code` in `lang` ('zh' default, 'en'); placeholders filled from params.

    A placeholder without a value (absent, None or blank) is dropped cleanly with its aside or clause;
    this never raises and never shows a raw '{x}'. An unknown code reads as OPERATION_FAILED.
    """
    en = (lang or "").lower().startswith("en")
    if not params:
        return _plain(int(code), en)  # every successful answer's detail: made once, not on each request
    return _text(int(code), en, params)


@functools.lru_cache(maxsize=2048)
def _plain(code: int, en: bool) -> str:
    return _text(code, en, {})


def _text(code: int, en: bool, params: dict[str, object]) -> str:
    zh_en = CATALOGUE.get(code, CATALOGUE[ErrorCode.OPERATION_FAILED])
    template = zh_en[_EN if en else _ZH]
    values = {key: value for key, value in params.items() if not _blank(value)}
    try:
        template = _drop(template, _fields(template) - values.keys())
        result = template.format_map(values)
    except (ValueError, KeyError, IndexError, AttributeError, TypeError):
        result = _PLACEHOLDER.sub("", template)
    return re.sub(r" {2,}", " ", result).strip()


class AppError(Exception):
    """A business error rendered as the envelope with success 0."""

    def __init__(
        self, code: ErrorCode | int, *, field: str | None = None, http_status: int = 200, **params: object
    ) -> None:
        self.code = int(code)
        self.field = field
        self.http_status = http_status
        self.params: dict[str, object] = params
        super().__init__(self.code)

    def detail(self, lang: str = "zh") -> str:
        """The user-facing text of this error in `lang`."""
        return text(self.code, lang, field=self.field, **self.params)

    def __str__(self) -> str:
        return f"{self.code}: {self.detail('en')}"
