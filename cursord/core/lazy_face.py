"""A package face whose names are imported on first use (PEP 562 module `__getattr__`).

A face (a package's `__init__.py`, such as `cursord/core/__init__.py`) that imports every module up front
makes each user of one light name pay for the package's heaviest module: `cursord.core.redaction` costs the
wire schema behind `cursord.core.intents`, and the command line's `status` would cost the whole daemon. A lazy
face keeps `from cursord.core import redact_url_password` as it is and imports the name's module the first time
the name is asked for.
The face still lists its names for type checkers in an `if TYPE_CHECKING:` block and in `__all__`; a test
checks the three lists agree.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_face"]


def lazy_face(
    package: str, modules: Mapping[str, tuple[str, ...]]
) -> tuple[dict[str, str], Callable[[str], Any], Callable[[], list[str]]]:
    """For the face of `package`, whose `modules` (names relative to it) hold the given names: each name's
    module, and the face's `__getattr__` and `__dir__`."""
    homes = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)  # looked up once
        return value

    def __dir__() -> list[str]:
        return sorted(homes)

    return homes, __getattr__, __dir__
