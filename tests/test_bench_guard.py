"""The regression guard of bench/ab.py (`--guard RATIO`) holds B to A's CPU costs and to nothing else."""

from __future__ import annotations

from bench.ab import GUARDED, guard_line, over_the_guard, still_over

ROWS = [
    ["throughput h1", "µs/ev", "700.0", "740.0", "1.057"],
    ["throughput h1", "ev/s", "1,000.0", "500.0", "0.500"],  # slower, but not a cost figure: latency is noise here
    ["latency 200 streams h2", "µs/ev, starts too", "900.0", "940.0", "1.044"],
    ["appends h1", "µs/append", "50.0", "0.0", "-"],
]


def test_a_cost_more_than_the_ratio_above_a_fails_the_guard_and_is_named() -> None:
    assert [guard_line(row) for row in over_the_guard(ROWS, 1.05)] == [
        "throughput h1 µs/ev: B/A 1.057 (A 700.0, B 740.0)"
    ]
    assert over_the_guard(ROWS, 1.06) == []
    assert {"µs/ev", "µs/ev, starts too", "ms/start", "µs/append"} == set(GUARDED)


def test_a_run_start_is_guarded_too() -> None:
    rows = [["starts h1", "ms/start", "10.0", "10.6", "1.060"], ["starts h2", "ms/start", "10.0", "10.4", "1.040"]]
    assert over_the_guard(rows, 1.05) == [rows[0]]


def test_a_figure_fails_only_if_still_over_once_measured_again() -> None:
    first = [
        ["latency 1 stream h1", "µs/ev", "700.0", "760.0", "1.086"],
        ["starts h1", "ms/start", "10.0", "11.0", "1.100"],
    ]
    again = [
        ["latency 1 stream h1", "µs/ev", "705.0", "715.0", "1.014"],  # noise: back under once measured again
        ["starts h1", "ms/start", "10.0", "10.9", "1.090"],  # a real cost: still over
        ["throughput h1", "µs/ev", "7.0", "7.5", "1.071"],  # not over in the first reps, not measured again
    ]
    assert still_over(first, again, 1.05) == [again[1]]
