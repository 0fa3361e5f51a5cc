"""cursord: a local stand-in for Cursor's agent backend, running the editor's agent on your own provider keys."""

__version__ = "0.1.0"
