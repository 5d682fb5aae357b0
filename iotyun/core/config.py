"""Settings read from IOTYUN_* environment variables, with embedded defaults that need nothing installed."""

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from iotyun.core.addresses import parse_networks
from iotyun.core.limits import (
    MAIL_MESSAGES_PER_DAY,
    MAIL_RECIPIENTS_PER_DAY,
    MAIL_VERIFICATIONS_PER_DAY,
    MAP_THEMES,
    QUOTA_DEFAULTS,
    QUOTA_FIELDS,
    QUOTA_MAX,
)

# Where the API is mounted (iotyun.api); request signatures cover the path below it.
API_PREFIX = "/api"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="IOTYUN_", env_file=".env", extra="ignore")

    data_dir: Path = Path("var")
    database_url: str = ""
    # How long the app waits on its database before a request answers 100026 (core/db.py Timeouts, docs/operations.md
    # "Database timeouts"): a request's statement (lock waits included; SQLite's busy wait), background work's
    # (exports, scheduled reports, ingest), a new connection, a free connection of the pool.
    db_statement_timeout_seconds: float = Field(default=10.0, gt=0, le=3600)
    db_background_timeout_seconds: float = Field(default=600.0, gt=0, le=86400)
    db_connect_timeout_seconds: float = Field(default=5.0, gt=0, le=300)
    db_pool_timeout_seconds: float = Field(default=10.0, gt=0, le=300)
    # MQTT: unset runs the embedded broker (a supervised Mosquitto on 127.0.0.1:mqtt_port, or a free port if that one
    # is taken; the port is then kept in the data dir); set to
    # mqtt://user:password@host:port for an external one (Mosquitto, EMQX). docs/api-telemetry.md "Server settings".
    mqtt_url: str = ""
    mqtt_port: int = Field(default=1883, ge=0, le=65535)
    # The embedded broker's address; 0.0.0.0 lets gateways on other machines reach it.
    mqtt_bind: str = "127.0.0.1"
    # An external Mosquitto whose dynamic-security plugin lets IOTYUN_MQTT_URL's user manage clients: "on" keeps one
    # client per gateway there, as the embedded broker does (docs/operations.md). Off for EMQX (HTTP hooks).
    mqtt_dynsec: str = "off"
    # The embedded broker's program and its dynamic-security plugin (unset: the usual library folders are searched).
    mosquitto_path: str = "/usr/sbin/mosquitto"
    mosquitto_dynsec_plugin: str = ""
    # MQTT 5 shared-subscription group, so several server processes split the devices' values between them.
    mqtt_share_group: str = ""
    redis_url: str = ""
    # "off" serves the API without broker, ingest and watchdog.
    telemetry: str = "on"
    write_timeout_seconds: float = Field(default=10.0, gt=0, le=120)
    offline_after_seconds: float = Field(default=90.0, gt=0)
    ingest_flush_ms: int = Field(default=200, ge=1, le=10000)
    ingest_batch_rows: int = Field(default=5000, ge=1)
    # How often the storage limits (SPEC §9, per user quota) are enforced.
    retention_interval_seconds: float = Field(default=300.0, gt=0)
    # "on" (default) or "off": the login captcha; off is for automation only.
    captcha: str = "on"
    # Test-only: also write the captcha answer to the server log, so browser tests can log in through the form.
    captcha_echo: bool = False
    captcha_ttl_seconds: int = 120
    token_ttl_hours: int = 12
    # How long a server process may answer the hottest reads (token lookups, list counts) from memory. Its own
    # writes drop them at once; another process's writes show within this many seconds. 0 turns the caches off.
    read_cache_seconds: float = Field(default=2.0, ge=0, le=60)
    verify_code_ttl_seconds: int = 300
    verify_code_resend_seconds: int = 60
    # Failed logins before the account name is locked, and the first lock length (doubles each time).
    login_max_failures: int = 5
    login_lock_seconds: int = 60
    signature_ttl_seconds: int = 60
    # Where verification codes go: "outbox" (default, also "log": a file in the data dir, never the server log),
    # "smtp" for email, "webhook" for an SMS gateway (auth/senders.py).
    code_sender: str = "outbox"
    code_outbox: str = ""
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_from: str = ""
    sms_webhook_url: str = ""
    # Alarm notification channels (docs/api-notifications.md). "outbox" writes what would be sent to a file under
    # <data dir>/outbox/ (no internet needed); "webhook" posts for real (SMS: to sms_webhook_url, any SMS gateway;
    # WeChat: to each rule's work-group robot URL); "off" makes the channel unconfigured (119003 / 119005). Email
    # goes through the mail sender (the .eml outbox, or SMTP when smtp_host is set) unless "off" (119004).
    notify_email: Literal["on", "off"] = "on"
    notify_sms: Literal["outbox", "webhook", "off"] = "outbox"
    notify_wechat: Literal["outbox", "webhook", "off"] = "outbox"
    # Signed webhooks and robot URLs may name a loopback or private address only with this (tests, a receiver on
    # the same host); the server's own port is refused whatever this says.
    notify_allow_private: bool = False
    # Automations' forward targets (docs/api-automations.md "Target") may name a loopback or private address (an
    # HTTP receiver, a broker, a database on the plant network) only with this; this server's own port never.
    forward_allow_private: bool = False
    # Video cloud accounts (docs/api-video.md): which provider answers `/third/party/*` ("local": no internet, fixed
    # answers; "ezviz": the Ezviz open platform at `video_ezviz_base`), how long the local provider's tokens live, and
    # whether a live address handed out may name a loopback or private host (a camera gateway on the plant network).
    video_provider: Literal["local", "ezviz"] = "local"
    video_ezviz_base: str = "https://open.ys7.com"
    video_local_token_seconds: int = 7200
    video_allow_private: bool = False
    # The demo's own live stream (video/demo_stream.py): the encoder it runs (Debian's ffmpeg, by name or path) and
    # after how many seconds without a request for the stream it is stopped.
    video_ffmpeg: str = "ffmpeg"
    video_demo_idle_seconds: float = 30.0
    # The key sealing short secrets at rest (a forward target's password; core/sealing.py): a Fernet key
    # (`python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"`). Unset: a key
    # made once in <data dir>/seal.key (mode 0600). With several server processes on several hosts, set the same
    # IOTYUN_SEAL_KEY on all of them.
    seal_key: str = ""
    # The port this server listens on (serve sets it), refused as a webhook target.
    port: int = 8080
    # Full-network monitoring (docs/api-operations.md): each server process's heartbeat period; the ingest lag (the
    # age of the oldest value not yet committed) and the database round trip above which an alert opens; the
    # operators' alert webhook (signed like a notification rule's, with its secret), unset: alerts stay in the console.
    health_heartbeat_seconds: float = Field(default=10.0, ge=1, le=300)
    health_ingest_lag_seconds: float = Field(default=30.0, gt=0)
    health_db_slow_ms: float = Field(default=500.0, gt=0)
    operator_alert_webhook: str = ""
    operator_alert_webhook_secret: str = ""
    # Per-tenant daily mail caps (a UTC day; docs/api-mail.md): messages, recipients counted once per message, and
    # verification mails. A message over a cap is not sent, nor any other that day.
    mail_messages_per_day: int = Field(default=MAIL_MESSAGES_PER_DAY, ge=0)
    mail_recipients_per_day: int = Field(default=MAIL_RECIPIENTS_PER_DAY, ge=0)
    mail_verifications_per_day: int = Field(default=MAIL_VERIFICATIONS_PER_DAY, ge=0)
    # The console's address as mailed links show it (a verification link is <public_url>/iotyun/verifyMail?token=…);
    # never taken from a request's Host header, which the requester controls.
    public_url: str = "http://localhost:8080"
    demo_password: str = "iotyun123"  # noqa: S105 - the documented demo login, overridable
    # Flow card operator: "local" (default; the console keeps each card's book itself, no internet) or "webhook"
    # (POSTs {action, iccid} to flowcard_url and reads the card's facts back). docs/operations.md.
    flowcard_provider: str = "local"
    flowcard_url: str = ""
    # Proxies whose X-Forwarded-For is believed (addresses or CIDRs, comma-separated); empty never believes it.
    # core/addresses.py, docs/security.md "Client addresses".
    trusted_proxies: str = ""
    web_dist: Path = Field(default_factory=lambda: Path(__file__).resolve().parents[2] / "web" / "dist")
    log_level: str = "INFO"
    # Also write the log to this file (the browser tests read verification codes from it).
    log_file: Path | None = None
    # The device map's tile server (a Leaflet URL template such as https://{s}.tile.example/{z}/{x}/{y}.png); unset
    # means the console shows its bundled offline base map. Attribution, subdomains and max zoom go with it.
    map_tile_url: str | None = None
    map_tile_attribution: str = ""
    map_tile_subdomains: str = "abc"
    map_max_zoom: int = Field(default=18, ge=1, le=22)
    # One of SPEC §9's map themes (core.limits.MAP_THEMES).
    map_theme: str = "normal"
    # The weather widget's provider (docs/api-dashboards.md "Weather"): "" none (the widget says 119002), "local" a
    # climate estimate computed here from the place and the date (no network: the demo and the tests), or
    # "open-meteo" (api.open-meteo.com or a server of your own at weather_url; no key needed).
    weather_provider: Literal["", "local", "open-meteo"] = ""
    weather_url: str = "https://api.open-meteo.com/v1/forecast"
    weather_timeout_s: float = Field(default=5.0, gt=0, le=60)

    # The platform's user quotas (SPEC §3; core/limits.py QUOTA_DEFAULTS): what a user has until their administrator
    # sets less, and the most an administrator may set (docs/operations.md "Quotas").
    quota_device_share: int = Field(default=QUOTA_DEFAULTS["device_share"], ge=0, le=QUOTA_MAX)
    quota_template_share: int = Field(default=QUOTA_DEFAULTS["template_share"], ge=0, le=QUOTA_MAX)
    quota_template_create: int = Field(default=QUOTA_DEFAULTS["template_create"], ge=0, le=QUOTA_MAX)
    quota_screens: int = Field(default=QUOTA_DEFAULTS["screens"], ge=0, le=QUOTA_MAX)
    quota_gallery_mb: int = Field(default=QUOTA_DEFAULTS["gallery_mb"], ge=0, le=QUOTA_MAX)
    quota_screen_versions_mb: int = Field(default=QUOTA_DEFAULTS["screen_versions_mb"], ge=0, le=QUOTA_MAX)
    quota_exports_kept: int = Field(default=QUOTA_DEFAULTS["exports_kept"], ge=0, le=QUOTA_MAX)
    quota_sms_push: int = Field(default=QUOTA_DEFAULTS["sms_push"], ge=0, le=QUOTA_MAX)
    quota_wechat_push: int = Field(default=QUOTA_DEFAULTS["wechat_push"], ge=0, le=QUOTA_MAX)
    quota_alarm_storage: int = Field(default=QUOTA_DEFAULTS["alarm_storage"], ge=0, le=QUOTA_MAX)
    quota_history_storage_mb: int = Field(default=QUOTA_DEFAULTS["history_storage_mb"], ge=0, le=QUOTA_MAX)

    @field_validator("map_theme")
    @classmethod
    def _known_theme(cls, value: str) -> str:
        if value not in MAP_THEMES:
            raise ValueError(f"IOTYUN_MAP_THEME must be one of {', '.join(MAP_THEMES)}")
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _proxy_networks(cls, value: str) -> str:
        try:
            parse_networks(value)
        except ValueError as exc:
            raise ValueError(f"IOTYUN_TRUSTED_PROXIES: {exc}") from exc
        return value

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'iotyun.db').resolve()}"

    @property
    def quota_ceilings(self) -> dict[str, int]:
        """Each user quota's platform value (IOTYUN_QUOTA_<NAME>)."""
        return {name: int(getattr(self, f"quota_{name}")) for name in QUOTA_FIELDS}

    @property
    def telemetry_enabled(self) -> bool:
        return self.telemetry.lower() not in {"off", "0", "false", "no"}

    @property
    def mqtt_dynsec_enabled(self) -> bool:
        return self.mqtt_dynsec.lower() in {"on", "1", "true", "yes"}

    @property
    def captcha_enabled(self) -> bool:
        return self.captcha.lower() not in {"off", "0", "false", "no"}


@lru_cache
def get_settings() -> Settings:
    return Settings()
