"""The one error the web tools raise."""


class WebToolError(Exception):
    """A web search or fetch that failed or was refused; the message is for the model and the user (it names
    what to fix, and holds no secret)."""
