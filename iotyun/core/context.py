"""Per-request context: the request id (in every log line and 500 answer) and the caller's language."""

import logging
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


def setup_logging(level: str = "INFO", log_file: Path | None = None) -> None:
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.FileHandler(log_file, encoding="utf-8"))
    fmt = logging.Formatter("%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s")
    for handler in handlers:
        handler.addFilter(RequestIdFilter())
        handler.setFormatter(fmt)
    root = logging.getLogger()
    root.handlers = handlers
    root.setLevel(level.upper())
