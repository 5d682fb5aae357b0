"""Answers of /yun/flow/analysis, /yun/flow/detail, /yun/online/analysis and /yun/online/detail (docs/api-reports.md
"Traffic" and "Online time")."""

from datetime import date

from pydantic import BaseModel

from iotyun.core.pagination import Page


class FlowCardRow(BaseModel):
    device_id: int
    sn: str
    name: str
    group_id: int | None
    group_name: str | None
    iccid: str
    package_name: str
    total_mb: float
    used_mb: float
    remaining_mb: float
    warning_mb: float
    # remaining ≤ warning_mb (a card with no warning level set never warns)
    warning: bool
    status: str
    expiry_date: date | None


class FlowSummary(BaseModel):
    """Over every card the filters select, not only the page's."""

    cards: int
    warning: int
    shutdown: int
    used_mb: float
    total_mb: float


class FlowAnalysisOut(Page[FlowCardRow]):
    summary: FlowSummary


class FlowDetailOut(BaseModel):
    card: FlowCardRow
    categories: list[str]
    # MB used within each bucket
    used: list[float]
    # the card's used flow at each bucket's end (its package's counter) and what remains of total_mb then
    used_total: list[float]
    remaining: list[float]
    warning_mb: float


class OnlineRow(BaseModel):
    device_id: int
    sn: str
    name: str
    group_id: int | None
    group_name: str | None
    online_ms: int
    offline_ms: int
    ratio: float
    sessions: int
    dev_state: int


class OnlineGroup(BaseModel):
    group_id: int | None
    group_name: str | None
    devices: int
    online_ms: int
    ratio: float


class OnlineAnalysisOut(Page[OnlineRow]):
    groups: list[OnlineGroup]


class OnlineDevice(BaseModel):
    device_id: int
    sn: str
    name: str
    dev_state: int


class OnlinePeriod(BaseModel):
    start: int
    # null: the device is online now, the period still going on.
    end: int | None


class OnlineDetailOut(BaseModel):
    device: OnlineDevice
    categories: list[str]
    online_ms: list[int]
    periods: list[OnlinePeriod]
