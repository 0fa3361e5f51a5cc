"""The regression guard of bench/ab.py (`--guard RATIO`) holds B to A's CPU costs and to nothing else."""

from __future__ import annotations

from bench.ab import GUARDED, over_the_guard

ROWS = [
    ["throughput h1", "µs/ev", "700.0", "740.0", "1.057"],
    ["throughput h1", "ev/s", "1,000.0", "500.0", "0.500"],  # slower, but not a cost figure: latency is noise here
    ["latency 200 streams h2", "µs/ev, starts too", "900.0", "940.0", "1.044"],
    ["appends h1", "µs/append", "50.0", "0.0", "-"],
]


def test_a_cost_more_than_the_ratio_above_a_fails_the_guard_and_is_named() -> None:
    assert over_the_guard(ROWS, 1.05) == ["throughput h1 µs/ev: B/A 1.057 (A 700.0, B 740.0)"]
    assert over_the_guard(ROWS, 1.06) == []
    assert {"µs/ev", "µs/ev, starts too", "µs/append"} == set(GUARDED)
