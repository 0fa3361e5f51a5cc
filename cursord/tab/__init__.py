"""Tab: the editor's code completion answered by the user's own fill-in-the-middle model.

Sans-IO: `window` (the request as a FIM prompt), `next_edit` (the request as a next-edit model's window,
and its rewrite as an edit), `frames` (the answer as Cursor's StreamCpp frames), `fim_formats` (each
server's request body and stream decoder), `admission` (how many streams run at once). I/O: `backend` (the one
HTTP seam to a FIM server), `service` (the Tab RPCs on the daemon's app).
"""

from cursord.tab.backend import FIM_FORMATS, FimBackend
from cursord.tab.doctor import TabReport, check_tab, format_tab
from cursord.tab.fim_formats import FimFormat, FimUsage
from cursord.tab.frames import SuggestionFrames
from cursord.tab.pass_records import tab_recorder
from cursord.tab.service import (
    TAB_PATHS,
    TabOwnedPaths,
    TabService,
    TabUsage,
    tab_parts,
)
from cursord.tab.window import FimPrompt, TabRequestError, fim_prompt

__all__ = [
    "FIM_FORMATS",
    "TAB_PATHS",
    "FimBackend",
    "FimFormat",
    "FimPrompt",
    "FimUsage",
    "SuggestionFrames",
    "TabOwnedPaths",
    "TabReport",
    "TabRequestError",
    "TabService",
    "TabUsage",
    "check_tab",
    "fim_prompt",
    "format_tab",
    "tab_parts",
    "tab_recorder",
]
