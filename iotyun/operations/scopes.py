"""What an operator may do. An operator holds some of these (`iotyun operator create --scope`); every operator reads
their own account and the audit."""

from enum import StrEnum


class Scope(StrEnum):
    # Device statistics across tenants.
    STATISTICS = "statistics"
    # A gateway's VPN (query, reset) and flow cards (query, test flow).
    DEVICES = "devices"
    # A tenant user's permissions and quotas.
    USERS = "users"
    # Full-network monitoring (/administrator/health).
    MONITORING = "monitoring"
    # Other operators' scopes (never one's own: 810114).
    OPERATORS = "operators"


SCOPES: tuple[str, ...] = tuple(s.value for s in Scope)
