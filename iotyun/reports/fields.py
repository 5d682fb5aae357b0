"""The fields of each report table kind (SPEC §3): their ids, which the designer offers as dimension, comparison,
value and filter fields. Each kind's time field id is SPEC's (38, 54, 62, 67); the others follow it."""

from iotyun.core.limits import REPORT_TABLE_KINDS

HISTORY, ALARM, DEVICE_INFO, USER_INFO = 6, 7, 8, 9

# kind 6 history data
H_TIME, H_DEVICE, H_SOURCE, H_VALUE = 38, 39, 40, 41
# kind 7 history alarm
A_TIME, A_LEVEL, A_DEVICE, A_NAME = 54, 55, 56, 57
# kind 8 device info
D_TIME, D_GROUP, D_STATE, D_MODEL, D_DEVICE = 62, 63, 64, 65, 66
# kind 9 user info
U_TIME, U_ROLE, U_GROUP, U_USER = 67, 68, 69, 70

FIELDS: dict[int, frozenset[int]] = {
    HISTORY: frozenset({H_TIME, H_DEVICE, H_SOURCE, H_VALUE}),
    ALARM: frozenset({A_TIME, A_LEVEL, A_DEVICE, A_NAME}),
    DEVICE_INFO: frozenset({D_TIME, D_GROUP, D_STATE, D_MODEL, D_DEVICE}),
    USER_INFO: frozenset({U_TIME, U_ROLE, U_GROUP, U_USER}),
}
TIME_FIELD = REPORT_TABLE_KINDS
