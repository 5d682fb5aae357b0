"""How many decimals a statistic's values read with, and the values rounded to them (docs/api-reports.md "Units and
decimals")."""


def decimals_of(source_decimals: int, agg: str) -> int:
    """The decimals a statistic's values read with: the data source's, none for a count."""
    return 0 if agg in ("count", "distinct_count") else max(0, source_decimals)


def rounded(values: list[float | None], decimals: int) -> list[float | None]:
    """The values at `decimals` places (an average reads 49.95, never 49.95000000000001); gaps stay gaps."""
    return [None if v is None else round(v, decimals) for v in values]
