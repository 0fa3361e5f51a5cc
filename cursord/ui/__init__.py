"""The face of `cursord.ui`: the local dashboard (pages, API, login)."""

from cursord.ui.auth import COOKIE_NAME, LOGIN_TTL, LoginRefused, UiSessions, make_login_code
from cursord.ui.dashboard import UI_PATHS, Dashboard, dashboard_parts

__all__ = [
    "COOKIE_NAME",
    "LOGIN_TTL",
    "UI_PATHS",
    "Dashboard",
    "LoginRefused",
    "UiSessions",
    "dashboard_parts",
    "make_login_code",
]
