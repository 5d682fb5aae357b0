"""Per-request context: the request id (in every log line and 500 answer) and the caller's language; the log
set-up, which keeps tokens, secrets, passwords and codes out of every line (docs/security.md "Logs")."""

import logging
import re
from contextvars import ContextVar
from pathlib import Path

request_id_var: ContextVar[str] = ContextVar("request_id", default="-")
lang_var: ContextVar[str] = ContextVar("lang", default="zh")

LANGS = ("zh", "en")


def pick_lang(accept_language: str | None, cookie: str | None) -> str:
    """Accept-Language first (its first tag we speak), then the console's `lang` cookie, then zh."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag[:2] in LANGS:
            return tag[:2]
    if cookie and cookie[:2].lower() in LANGS:
        return cookie[:2].lower()
    return "zh"


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


# Query parameters and header-like fields whose values never reach a log line (a URL in an access line, a
# WebSocket handshake line, a library's request log).
_MASKED_FIELDS = (
    r"token|x[-_]token|access[-_]token|secret|x[-_]device[-_]secret|password|password2|old_password|passwd|pwd"
    r"|sms_code|code|verify_code|sig|signature|pri_key|authorization|key|api[-_]key|access[-_]key"
)
_SECRET_PARAM = re.compile(rf"(?i)([?&;](?:{_MASKED_FIELDS})=)[^&\s\"';]*")
_SECRET_HEADER = re.compile(rf"(?i)(\b(?:{_MASKED_FIELDS})\b[\"']?\s*[:=]\s*[\"']?)[^\s\"',;&}}]+")
REDACTED = "***"
# The loggers that write request lines with their full URL.
URL_LOGGERS = ("uvicorn.error", "uvicorn.access", "httpx", "websockets")
# Database drivers whose DEBUG lines carry every statement's parameters (any row's data: a webhook's signing
# secret, an address): held at INFO whatever level the server logs at.
PARAMETER_LOGGERS = ("aiosqlite",)


def redact(text: str) -> str:
    """`text` with the values of secret query parameters and fields replaced by ***."""
    if "=" not in text and ":" not in text:
        return text
    return _SECRET_HEADER.sub(rf"\g<1>{REDACTED}", _SECRET_PARAM.sub(rf"\g<1>{REDACTED}", text))


class SecretFilter(logging.Filter):
    """Rewrites a record's message with secret values masked (it never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record is the handler's to report
            return True
        masked = redact(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


_SECRET_FILTER = SecretFilter()


def protect_logs() -> None:
    """Mask secrets in the lines of the loggers that write URLs, and keep statement parameters out, whatever handlers
    and level the host process set up."""
    for name in URL_LOGGERS:
        logger = logging.getLogger(name)
        if _SECRET_FILTER not in logger.filters:
            logger.addFilter(_SECRET_FILTER)
    for name in PARAMETER_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level < logging.INFO:  # NOTSET (0) follows the root, which may be DEBUG
            logger.setLevel(logging.INFO)


def secure_handler(handler: logging.Handler) -> logging.Handler:
    """A handler as the server's are set up: request id on each record, secret values masked."""
    handler.addFilter(RequestIdFilter())
    handler.addFilter(_SECRET_FILTER)
    return handler


def setup_logging(level: str = "INFO", log_file: Path | None = None) -> None:
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.FileHandler(log_file, encoding="utf-8"))
    fmt = logging.Formatter("%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s")
    for handler in handlers:
        secure_handler(handler).setFormatter(fmt)
    root = logging.getLogger()
    root.handlers = handlers
    root.setLevel(level.upper())
    protect_logs()
