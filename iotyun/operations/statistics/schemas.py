"""Device statistics across tenants: aggregates only, never a tenant's device (docs/api-operations.md)."""

from typing import Literal

from pydantic import BaseModel

GroupBy = Literal["state", "model", "version", "province", "tenant"]


class StatBucket(BaseModel):
    # The grouped value: a state (1 online, 2 offline), a model, a version, a province code, a tenant id; "" unknown.
    key: str
    # What the console shows for it: the province's or the tenant's name, else the key.
    label: str
    total: int
    online: int


class DeviceStatistics(BaseModel):
    by: GroupBy
    total: int
    online: int
    offline: int
    tenants: int
    # The largest groups first, at most STATISTICS_BUCKETS_MAX; `other` sums the rest.
    buckets: list[StatBucket]
    other: StatBucket | None
