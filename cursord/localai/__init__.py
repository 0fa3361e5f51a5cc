"""The face of `cursord.localai`: the editor's other AI features (commit messages, branch names, Cmd+K, the
terminal's) answered from the user's model."""

from cursord.localai.service import LOCAL_AI_PATHS, LocalAi, local_ai_parts

__all__ = ["LOCAL_AI_PATHS", "LocalAi", "local_ai_parts"]
