"""Shapes of full-network monitoring (docs/api-operations.md "Full-network monitoring")."""

from typing import Literal

from pydantic import BaseModel

PartName = Literal["database", "redis", "broker", "ingest", "processes", "exports"]
PartState = Literal["ok", "degraded", "down", "off"]
# Why a part is in its state; the console words each (operator.json health.reason.*).
Reason = Literal[
    "",
    "slow",
    "unreachable",
    "unconfigured",
    "telemetry_off",
    "not_running",
    "link_down",
    "some_links_down",
    "lagging",
    "no_heartbeat",
    "lost_process",
    "failed_jobs",
]
Condition = Literal["ingest_lag", "database", "redis", "broker", "processes"]
Metric = Literal[
    "gateways_online",
    "gateways_total",
    "broker_connections",
    "messages_in",
    "messages_out",
    "ingest_values",
    "ingest_lag",
    "ingest_pending",
    "history_rows",
    "db_bytes",
    "history_bytes",
    "db_rtt_ms",
    "db_pool_in_use",
    "redis_rtt_ms",
    "exports_queued",
    "exports_running",
    "exports_failed",
    "processes",
]


class PartOut(BaseModel):
    part: PartName
    state: PartState
    reason: Reason = ""
    # The figure behind the reason and the threshold it passed, where there is one (ms, s, a count).
    value: float | None = None
    limit: float | None = None


class TenantGateways(BaseModel):
    tenant_id: int
    tenant_name: str
    online: int
    total: int


class GatewaysOut(BaseModel):
    online: int
    total: int
    tenants: list[TenantGateways]


class BrokerOut(BaseModel):
    # embedded | external | off
    kind: str
    connections: int
    messages_in_per_s: float
    messages_out_per_s: float
    link_reconnects: int
    restarts: int


class IngestOut(BaseModel):
    values_per_s: float
    rows_per_s: float
    lag_s: float
    pending_rows: int
    write_failures: int
    lag_limit_s: float


class HistoryOut(BaseModel):
    # PostgreSQL: the planner's estimate (pg_class.reltuples); SQLite: counted. Null before the first sample.
    rows: int | None
    rows_growth_24h: int | None
    db_bytes: int | None
    history_bytes: int | None
    bytes_growth_24h: int | None
    measured_at: int | None


class DatabaseOut(BaseModel):
    dialect: str
    rtt_ms: float | None
    slow_ms: float
    pool_size: int | None
    pool_in_use: int | None


class RedisOut(BaseModel):
    configured: bool
    rtt_ms: float | None
    error: str = ""


class ExportsOut(BaseModel):
    queued: int
    running: int
    failed_1h: int
    oldest_queued_s: float | None


class ProcessOut(BaseModel):
    holder: str
    host: str
    pid: int
    started_at: int
    last_seen: int
    live: bool
    lost: bool
    broker: str
    link_connected: bool
    values_per_s: float
    lag_s: float
    live_sockets: int


class HealthOut(BaseModel):
    at: int
    parts: list[PartOut]
    gateways: GatewaysOut
    broker: BrokerOut
    ingest: IngestOut
    history: HistoryOut
    database: DatabaseOut
    redis: RedisOut
    exports: ExportsOut
    processes: list[ProcessOut]
    alerts_open: int
    alerts_unacked: int


class TrendPoint(BaseModel):
    t: int
    value: float


class TrendOut(BaseModel):
    metric: Metric
    hours: int
    bucket_s: int
    points: list[TrendPoint]


class AlertDeliveryOut(BaseModel):
    """One alert event sent on one channel to one address (masked: an operator's email or phone, the webhook's URL
    without its query)."""

    event: Literal["opened", "closed"]
    channel: Literal["email", "sms", "webhook"]
    address: str
    state: Literal["pending", "sent", "failed"]
    tries: int
    error: str
    sent_at: int | None


class AlertOut(BaseModel):
    id: int
    condition: Condition
    reason: str
    value: float | None
    worst: float | None
    opened_at: int
    closed_at: int | None
    acked_at: int | None
    acked_by_name: str
    open: bool
    # Oldest first: the opening's deliveries, then the closing's.
    deliveries: list[AlertDeliveryOut]


class AlertsOut(BaseModel):
    open: int
    unacked: int
    items: list[AlertOut]
