"""The face of `cursord.diagnose`: the provider and web search checks behind `cursord doctor` and the
dashboard."""

from cursord.diagnose.checks import (
    DEFAULT_TIMEOUT,
    Check,
    ProviderReport,
    Report,
    Status,
    check_provider,
    key_status,
    model_listed,
    problem_lines,
    run_doctor,
)
from cursord.diagnose.web import WebSearchReport, check_web_search

__all__ = [
    "DEFAULT_TIMEOUT",
    "Check",
    "ProviderReport",
    "Report",
    "Status",
    "WebSearchReport",
    "check_provider",
    "check_web_search",
    "key_status",
    "model_listed",
    "problem_lines",
    "run_doctor",
]
