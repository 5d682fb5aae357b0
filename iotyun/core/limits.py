"""SPEC §5 and §9 numbers, and the constrained field types that enforce them with their catalogue codes."""

import re
from typing import Annotated, Any

from email_validator import EmailNotValidError, validate_email
from pydantic import AfterValidator, BeforeValidator
from pydantic_core import PydanticCustomError

from iotyun.core.errors import ErrorCode

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
ALARM_STORAGE_MAX = 2000
ALARM_STORAGE_TRIM = 200
PAGE_SIZE_DEFAULT = 20
PAGE_SIZE_MAX = 200

# SPEC §5 account rules (the password's upper bound is ours: the spec fixes only "at least 6, letters or digits")
USER_NAME_MIN, USER_NAME_MAX = 3, 32
PASSWORD_MIN, PASSWORD_MAX = 6, 20
PHONE_DIGITS = 11
NICKNAME_MAX = 10
COMPANY_MAX = 30
VERIFY_CODE_LENGTH = 6
VERIFY_CODE_MAX_ATTEMPTS = 5
CAPTCHA_LENGTH = 4

# SPEC §5 team rules: role names have no special characters or spaces; "Name max 32" for roles and user groups.
ROLE_NAME_MAX = 32
GROUP_NAME_MAX = 32
# Letters (any script, so Chinese names pass), digits and underscores; NAME_PATTERN_WEB is the same for JS (flag u).
NAME_RE = re.compile(r"^\w+$")
NAME_PATTERN_WEB = r"^[\p{L}\p{N}_]+$"

USER_NAME_RE = re.compile(rf"^[A-Za-z][A-Za-z0-9_]{{{USER_NAME_MIN - 1},{USER_NAME_MAX - 1}}}$")
PASSWORD_RE = re.compile(rf"^[A-Za-z0-9]{{{PASSWORD_MIN},{PASSWORD_MAX}}}$")
PHONE_RE = re.compile(rf"^\d{{{PHONE_DIGITS}}}$")


def rule_error(code: ErrorCode, field: str | None = None, **params: Any) -> PydanticCustomError:
    """A validation error that the app renders as `code` next to `field` (see app.py), with text `params`."""
    ctx: dict[str, Any] = {"code": int(code), **params}
    if field:
        ctx["field"] = field
    return PydanticCustomError("app_rule", "rule {code}", ctx)


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


def _not_empty(code: ErrorCode) -> AfterValidator:
    def check(value: str) -> str:
        if not value:
            raise rule_error(code)
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
        "NICKNAME_MAX": NICKNAME_MAX,
        "COMPANY_MAX": COMPANY_MAX,
        "VERIFY_CODE_LENGTH": VERIFY_CODE_LENGTH,
        "CAPTCHA_LENGTH": CAPTCHA_LENGTH,
        "ROLE_NAME_MAX": ROLE_NAME_MAX,
        "GROUP_NAME_MAX": GROUP_NAME_MAX,
        "NAME_PATTERN": NAME_PATTERN_WEB,
    }
