"""In-process sliding-window limits: captcha and code requests per address, device-secret failures per SN, address and both.

Each window holds at most RATE_LIMIT_KEYS_MAX keys (least recently used dropped first), so a flood of addresses costs
bounded memory. The counts live in one process: with N server workers an address gets up to N times the limit (the
per-account limits that must hold exactly are counted in the database instead; docs/security.md "Throttles").
"""

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from iotyun.core import limits


class Window:
    """At most `limit` hits per key within `seconds`."""

    def __init__(
        self,
        limit: int,
        seconds: float,
        max_keys: int = limits.RATE_LIMIT_KEYS_MAX,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit, self.seconds, self.max_keys, self.clock = limit, seconds, max_keys, clock
        self._hits: OrderedDict[str, deque[float]] = OrderedDict()

    def _live(self, key: str) -> deque[float] | None:
        hits = self._hits.get(key)
        if hits is None:
            return None
        horizon = self.clock() - self.seconds
        while hits and hits[0] <= horizon:
            hits.popleft()
        if not hits:
            del self._hits[key]
            return None
        return hits

    def wait(self, key: str) -> int:
        """Whole seconds until `key` may be hit again; 0 while it is under its limit."""
        hits = self._live(key)
        if hits is None or len(hits) < self.limit:
            return 0
        return max(1, math.ceil(hits[0] + self.seconds - self.clock()))

    def hit(self, key: str) -> None:
        hits = self._live(key)
        if hits is None:
            hits = self._hits[key] = deque()
            while len(self._hits) > self.max_keys:
                self._hits.popitem(last=False)
        else:
            self._hits.move_to_end(key)
        hits.append(self.clock())
        while len(hits) > self.limit:
            hits.popleft()

    def take(self, key: str) -> int:
        """Count a hit unless the key is at its limit; answers the wait (0 when the hit was counted)."""
        wait = self.wait(key)
        if not wait:
            self.hit(key)
        return wait


class GatewaySecretGuard:
    """Device-secret checks: wrong secrets are counted per (SN, address) pair, per SN and per address.

    - A pair over its count is refused: one gateway with a wrong secret (or someone guessing one SN's secret) uses up
      its own budget at an address, never that of the other gateways behind the same address (a NAT).
    - An SN over its count is refused from every address except the last four it checked in from with the right
      secret, so a gateway in service keeps working while someone elsewhere guesses its secret.
    - An address over its much higher ceiling (one address guessing many SNs) is refused for every SN, except an SN
      that checked in from that address with the right secret.
    Without an address (a broker hook that does not send it) the SN's count alone applies."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        window = limits.GATEWAY_SECRET_WINDOW_S
        self.by_pair = Window(limits.GATEWAY_SECRET_FAILURES_PER_SN_ADDRESS, window, clock=clock)
        self.by_sn = Window(limits.GATEWAY_SECRET_FAILURES_PER_SN, window, clock=clock)
        self.by_address = Window(limits.GATEWAY_SECRET_FAILURES_PER_ADDRESS, window, clock=clock)
        self._good: OrderedDict[str, tuple[str, ...]] = OrderedDict()

    @staticmethod
    def _pair(sn: str, address: str) -> str:
        return f"{sn}\x00{address}"

    def refused(self, sn: str, address: str | None) -> bool:
        """Whether a check of `sn` from `address` (None: not known, e.g. a broker hook without it) is refused now."""
        if not address:
            return bool(self.by_sn.wait(sn))
        if self.by_pair.wait(self._pair(sn, address)):
            return True
        if address in self._good.get(sn, ()):
            return False
        return bool(self.by_sn.wait(sn) or self.by_address.wait(address))

    def failed(self, sn: str, address: str | None) -> None:
        self.by_sn.hit(sn)
        if address:
            self.by_pair.hit(self._pair(sn, address))
            self.by_address.hit(address)

    def succeeded(self, sn: str, address: str | None) -> None:
        if not address:
            return
        known = tuple(a for a in self._good.pop(sn, ()) if a != address)
        self._good[sn] = (address, *known[:3])
        while len(self._good) > limits.RATE_LIMIT_KEYS_MAX:
            self._good.popitem(last=False)


class Slots:
    """At most `limit` things held at once per key (open sockets): `take` holds one, `give` hands it back. A key
    holds an entry only while it holds a slot, so memory follows what is open, not who ever connected."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: dict[str, int] = {}

    def take(self, key: str) -> bool:
        """Hold a slot of `key`; False (nothing held) when it already holds `limit`."""
        held = self._held.get(key, 0)
        if held >= self.limit:
            return False
        self._held[key] = held + 1
        return True

    def give(self, key: str) -> None:
        held = self._held.get(key, 0) - 1
        if held > 0:
            self._held[key] = held
        else:
            self._held.pop(key, None)

    def held(self, key: str) -> int:
        return self._held.get(key, 0)


@dataclass
class Limiters:
    """The process's windows, kept on app.state.limiters."""

    captcha_by_address: Window = field(
        default_factory=lambda: Window(limits.CAPTCHAS_PER_ADDRESS, limits.CAPTCHA_WINDOW_S)
    )
    code_by_address: Window = field(default_factory=lambda: Window(limits.CODES_PER_ADDRESS, limits.CODE_WINDOW_S))
    # QR sign-in tickets made (POST /user/QR/code).
    qr_by_address: Window = field(
        default_factory=lambda: Window(limits.QR_TICKETS_PER_ADDRESS, limits.QR_TICKET_WINDOW_S)
    )
    gateway_secret: GatewaySecretGuard = field(default_factory=GatewaySecretGuard)
    # Anonymous share-link calls (GET /yun/shared/module, its device screen, its writes).
    share_by_address: Window = field(
        default_factory=lambda: Window(limits.SHARE_CALLS_PER_ADDRESS, limits.SHARE_WINDOW_S)
    )
    # Live sockets (docs/api-telemetry.md "Limits"): those that have not authenticated yet, per address, on both
    # channels; share-link sockets per address and per link.
    sockets_unauthenticated: Slots = field(default_factory=lambda: Slots(limits.WS_UNAUTHENTICATED_PER_ADDRESS))
    share_sockets_by_address: Slots = field(default_factory=lambda: Slots(limits.SHARE_SOCKETS_PER_ADDRESS))
    share_sockets_by_link: Slots = field(default_factory=lambda: Slots(limits.SHARE_SOCKETS_PER_LINK))
