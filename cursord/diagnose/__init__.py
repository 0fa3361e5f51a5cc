"""The face of `cursord.diagnose`: the provider checks behind `cursord doctor` and the dashboard."""

from cursord.diagnose.checks import (
    DEFAULT_TIMEOUT,
    Check,
    ProviderReport,
    Status,
    check_provider,
    model_listed,
    run_doctor,
)

__all__ = ["DEFAULT_TIMEOUT", "Check", "ProviderReport", "Status", "check_provider", "model_listed", "run_doctor"]
