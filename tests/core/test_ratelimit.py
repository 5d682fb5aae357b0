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


def test_guard() -> None:
    clock = Clock()
    guard = GatewaySecretGuard(clock=clock)
    guard.by_address, guard.by_sn = Window(2, 600, clock=clock), Window(3, 600, clock=clock)
    guard.succeeded("SN1", "10.0.0.1")
    for address in ("10.0.0.9", "10.0.0.9", "10.0.0.8"):
        assert not guard.refused("SN1", address)
        guard.failed("SN1", address)
    assert guard.refused("SN1", "10.0.0.9")  # its address is over
    assert guard.refused("SN1", "10.0.0.2")  # the SN is over, and this address never checked in
    assert guard.refused("SN1", None)
    assert not guard.refused("SN1", "10.0.0.1")  # where the gateway checked in
    assert not guard.refused("SN2", "10.0.0.8")
    clock.now += 601
    assert not guard.refused("SN1", "10.0.0.2")
