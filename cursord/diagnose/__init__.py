"""The face of `cursord.diagnose`: the provider and web search checks behind `cursord doctor` and the
dashboard."""

from cursord.diagnose.checks import (
    DEFAULT_TIMEOUT,
    Check,
    ProviderReport,
    Status,
    check_provider,
    model_listed,
    run_doctor,
)
from cursord.diagnose.web import WebSearchReport, check_web_search

__all__ = [
    "DEFAULT_TIMEOUT",
    "Check",
    "ProviderReport",
    "Status",
    "WebSearchReport",
    "check_provider",
    "check_web_search",
    "model_listed",
    "run_doctor",
]
