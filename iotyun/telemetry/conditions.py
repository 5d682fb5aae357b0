"""The one judge of a value against a condition, shared by the alarm engine (a data source's faults) and the
automations (a rule's threshold trigger and its conditions): the comparisons, the bit test, and a threshold that
must hold for a while and let go only past a hysteresis (docs/api-automations.md "Triggers")."""

from dataclasses import dataclass

OPS: tuple[str, ...] = ("gt", "ge", "lt", "le", "eq", "ne")


def number_of(value: float | bool | str | None) -> float | None:
    """The value as a number, None when it cannot be judged (a failed read, a string)."""
    if value is None or isinstance(value, str):
        return None
    return float(value)


def compare(op: str, value: float | bool | str | None, threshold: float) -> bool | None:
    """Whether `value op threshold` holds (None: the value cannot be judged)."""
    number = number_of(value)
    if number is None:
        return None
    if op == "gt":
        return number > threshold
    if op == "ge":
        return number >= threshold
    if op == "lt":
        return number < threshold
    if op == "le":
        return number <= threshold
    if op == "eq":
        return number == threshold
    if op == "ne":
        return number != threshold
    return False


def bit(value: float | bool | str | None, index: int) -> bool | None:
    """Whether bit `index` of the value is set (None: the value cannot be judged)."""
    number = number_of(value)
    if number is None:
        return None
    return bool((int(number) >> index) & 1)


def released(op: str, value: float | bool | str | None, threshold: float, hysteresis: float) -> bool | None:
    """Whether a threshold that held lets go at `value`: past the threshold by more than the hysteresis, on the
    side away from it (gt/ge: below threshold − hysteresis; lt/le: above threshold + hysteresis); eq/ne let go when
    the comparison stops holding. None: the value cannot be judged."""
    number = number_of(value)
    if number is None:
        return None
    if op in ("gt", "ge"):
        return number < threshold - hysteresis if hysteresis > 0 else not compare(op, number, threshold)
    if op in ("lt", "le"):
        return number > threshold + hysteresis if hysteresis > 0 else not compare(op, number, threshold)
    return not compare(op, number, threshold)


@dataclass(slots=True)
class Threshold:
    """One threshold's state on one device: holding since when (ms, the value's own time), and whether it has been
    reached (held for `hold_ms`) and not yet let go. `step` and `due` say when it is reached; the owner records
    `active` (the automations claim the episode in the database)."""

    op: str
    value: float
    hold_ms: int
    hysteresis: float
    since: int | None = None
    active: bool = False

    def step(self, value: float | bool | str | None, ts: int) -> str | None:
        """Judge one value at `ts`: "reached" when the condition has now held for the hold time, "released" when an
        active threshold lets go, else None. The caller marks `active` when it acts on "reached"."""
        if self.active:
            gone = released(self.op, value, self.value, self.hysteresis)
            if gone:
                self.active = False
                self.since = None
                return "released"
            return None
        holds = compare(self.op, value, self.value)
        if not holds:
            self.since = None
            return None
        if self.since is None:
            self.since = ts
        return "reached" if ts - self.since >= self.hold_ms else None

    def due(self, now_ms: int) -> bool:
        """Whether a condition holding since `since` has held for the hold time by `now_ms` with no new value
        (a gateway that reports only changes)."""
        return not self.active and self.since is not None and now_ms - self.since >= self.hold_ms
