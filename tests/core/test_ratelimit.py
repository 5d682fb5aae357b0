"""The in-process windows (core.ratelimit): limits per key within a window, bounded keys, the device-secret guard."""

from iotyun.core.ratelimit import GatewaySecretGuard, Window


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_window_limits_and_forgets() -> None:
    clock = Clock()
    window = Window(3, 60, clock=clock)
    assert [window.take("a") for _ in range(4)] == [0, 0, 0, 60]
    assert window.take("b") == 0
    clock.now += 30
    assert window.wait("a") == 30
    clock.now += 30
    assert window.take("a") == 0


def test_window_keeps_at_most_max_keys() -> None:
    window = Window(1, 60, max_keys=100, clock=Clock())
    for n in range(1000):
        window.hit(f"k{n}")
    assert len(window._hits) == 100
    assert window.wait("k999") and not window.wait("k0")


def guard_with(clock: Clock, pair: int, sn: int, address: int) -> GatewaySecretGuard:
    guard = GatewaySecretGuard(clock=clock)
    guard.by_pair = Window(pair, 600, clock=clock)
    guard.by_sn, guard.by_address = Window(sn, 600, clock=clock), Window(address, 600, clock=clock)
    return guard


def test_guard() -> None:
    clock = Clock()
    guard = guard_with(clock, pair=2, sn=3, address=5)
    guard.succeeded("SN1", "10.0.0.1")
    for address in ("10.0.0.9", "10.0.0.9", "10.0.0.8"):
        assert not guard.refused("SN1", address)
        guard.failed("SN1", address)
    assert guard.refused("SN1", "10.0.0.9")  # this SN from this address is over
    assert guard.refused("SN1", "10.0.0.2")  # the SN is over, and this address never checked in
    assert guard.refused("SN1", None)
    assert not guard.refused("SN1", "10.0.0.1")  # where the gateway checked in
    assert not guard.refused("SN2", "10.0.0.9")  # another gateway behind the guessing address
    assert not guard.refused("SN2", "10.0.0.8")
    clock.now += 601
    assert not guard.refused("SN1", "10.0.0.2")


def test_guard_one_bad_sn_behind_a_nat() -> None:
    """A gateway with a wrong secret uses up its own budget at an address, not its neighbours'."""
    clock = Clock()
    guard = guard_with(clock, pair=2, sn=3, address=5)
    for _ in range(2):
        guard.failed("BAD", "10.0.0.9")
    assert guard.refused("BAD", "10.0.0.9")
    assert not guard.refused("GOOD", "10.0.0.9")
    assert not guard.refused("BAD", "10.0.0.7")


def test_guard_spraying_sns_from_one_address() -> None:
    """Many SNs guessed from one address reach its ceiling: refused for every SN, except a gateway that checked in
    from that address with the right secret."""
    clock = Clock()
    guard = guard_with(clock, pair=2, sn=3, address=5)
    guard.succeeded("INSERVICE", "10.0.0.9")
    for n in range(5):
        guard.failed(f"SN{n}", "10.0.0.9")
    assert guard.refused("FRESH", "10.0.0.9")
    assert not guard.refused("INSERVICE", "10.0.0.9")
    assert not guard.refused("FRESH", "10.0.0.7")
    # The exemption lifts the ceiling, not the pair's own count.
    guard.failed("INSERVICE", "10.0.0.9")
    guard.failed("INSERVICE", "10.0.0.9")
    assert guard.refused("INSERVICE", "10.0.0.9")
