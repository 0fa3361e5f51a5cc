"""The `cursord` command line: one module per command, `main` the entry point."""

from cursord.cli.main import main

__all__ = ["main"]
