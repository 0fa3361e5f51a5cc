"""Interaction tools: the editor asks the user, not the file system.

Each builds an `InteractionQuery` (its `id` is the query id the `InteractionResponse` echoes) and
reads the response:

- AskQuestion: multiple-choice questions; the response carries the answers.
- CreatePlan: the editor stores and shows the plan; the response says whether it was created.
- SwitchMode: the user approves or rejects switching the agent mode.
- WebSearch and WebFetch: the query only asks the user's approval.  An approved response gives a
  `ToolOutcome` with `pending=True`: the daemon must then search or fetch itself and report with
  `WebSearchTool.completed`/`failed` or `WebFetchTool.completed`/`failed`, which return both the
  model's text and the result for the editor's `ToolCall`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from google.protobuf.message import Message

from cursord.agent.tools.base import (
    TEXT_LIMIT,
    Args,
    InteractionTool,
    ToolArgumentError,
    ToolContext,
    ToolOutcome,
    array,
    boolean,
    check_seq,
    clip,
    dispatch,
    display_str,
    lenient,
    object_schema,
    rejected_text,
    string,
)
from cursord.proto import agent_v1_pb2 as agent

MODE_IDS: dict[str, int] = {"agent": agent.AGENT_MODE_AGENT, "ask": agent.AGENT_MODE_ASK, "plan": agent.AGENT_MODE_PLAN}
_TODO_STATUS = {
    "pending": agent.TODO_STATUS_PENDING,
    "in_progress": agent.TODO_STATUS_IN_PROGRESS,
    "completed": agent.TODO_STATUS_COMPLETED,
    "cancelled": agent.TODO_STATUS_CANCELLED,
}


def mode_id(mode: int) -> str:
    """The editor's id for an `AgentMode` value ("agent", "ask", "plan", "debug", ...)."""
    try:
        return agent.AgentMode.Name(mode).removeprefix("AGENT_MODE_").lower()
    except ValueError:
        return "agent"


def _query(query_id: int, **fields: Any) -> agent.InteractionQuery:
    return agent.InteractionQuery(id=check_seq(query_id, "query id"), **fields)


def _declined(what: str, reason: str) -> ToolOutcome:
    return ToolOutcome(rejected_text(what, reason), True)


class AskQuestionTool(InteractionTool):
    name = "AskQuestion"
    description = (
        "Ask the user one or more multiple-choice questions and wait for the answers. Use it when a "
        "decision needs the user's input and the options are clear; give each question at least two options."
    )
    parameters = object_schema(
        {
            "title": string("A short title for the set of questions."),
            "questions": array(
                "The questions to ask (at least one).",
                object_schema(
                    {
                        "id": string("A unique id for the question."),
                        "prompt": string("The question text."),
                        "options": array(
                            "The possible answers (at least two).",
                            object_schema(
                                {"id": string("A unique id for the option."), "label": string("The option text.")},
                                ["id", "label"],
                            ),
                        ),
                        "allow_multiple": boolean("Let the user pick more than one option. Default false."),
                    },
                    ["id", "prompt", "options"],
                ),
            ),
        },
        ["questions"],
    )
    read_only = True
    query_field = "ask_question_interaction_query"
    response_field = "ask_question_interaction_response"

    def parse(self, call_args: object) -> agent.AskQuestionArgs:
        args = Args(self.name, call_args)
        questions = args.list("questions", required=True)
        if not questions:
            raise ToolArgumentError("AskQuestion: 'questions' must hold at least one question.")
        result = agent.AskQuestionArgs(title=args.opt_str("title") or "")
        seen: set[str] = set()
        for i, raw in enumerate(questions):
            q = args.nested("questions", i, raw)
            question = result.questions.add(
                id=q.req_str("id"), prompt=q.req_str("prompt"), allow_multiple=q.flag("allow_multiple")
            )
            if question.id in seen:
                raise ToolArgumentError(f"AskQuestion: question id {question.id!r} is used twice.")
            seen.add(question.id)
            options = q.list("options", required=True)
            if len(options) < 2:
                raise ToolArgumentError(f"AskQuestion: question {question.id!r} needs at least two options.")
            option_ids: set[str] = set()
            for j, raw_option in enumerate(options):
                o = q.nested("options", j, raw_option)
                option = question.options.add(id=o.req_str("id"), label=o.req_str("label"))
                if option.id in option_ids:
                    raise ToolArgumentError(f"AskQuestion: option id {option.id!r} is used twice in {question.id!r}.")
                option_ids.add(option.id)
        return result

    def build_query(self, call_args: object, query_id: int, ctx: ToolContext) -> agent.InteractionQuery:
        query = agent.AskQuestionInteractionQuery(args=self.parse(call_args), tool_call_id=ctx.tool_call_id)
        return _query(query_id, ask_question_interaction_query=query)

    def _outcome(self, payload: Any, args: Args) -> ToolOutcome:
        return dispatch(
            self.name,
            payload.result,
            "result",
            {
                "success": lambda s: ToolOutcome(self._answers(s, args)),
                "error": lambda e: ToolOutcome(f"The questions could not be shown: {e.error_message}", True),
                "rejected": lambda r: ToolOutcome(
                    "The user dismissed the questions without answering"
                    + (f": {r.reason}" if r.reason else ".")
                    + " Continue with your best judgement or ask in your reply.",
                    True,
                ),
                "async": lambda _a: ToolOutcome(
                    "The questions were shown to the user; the answers will arrive later in a new message."
                ),
            },
        )

    @staticmethod
    def _answers(success: agent.AskQuestionSuccess, args: Args) -> str:
        prompts: dict[str, str] = {}
        labels: dict[tuple[str, str], str] = {}
        for q in args.raw.get("questions") or ():
            if isinstance(q, dict) and isinstance(q.get("id"), str):
                prompts[q["id"]] = str(q.get("prompt", q["id"]))
                for o in q.get("options") or ():
                    if isinstance(o, dict) and isinstance(o.get("id"), str):
                        labels[(q["id"], o["id"])] = str(o.get("label", o["id"]))
        if not success.answers:
            return "The user submitted the form without answering any question."
        lines = ["The user answered:"]
        for a in success.answers:
            chosen = [labels.get((a.question_id, o), o) for o in a.selected_option_ids]
            parts = [", ".join(chosen)] if chosen else []
            if a.freeform_text.strip():
                parts.append(f'"{a.freeform_text.strip()}"')
            lines.append(f"- {prompts.get(a.question_id, a.question_id)}: {'; '.join(parts) or '(no answer)'}")
        return "\n".join(lines)

    def result_message(
        self, response: agent.InteractionResponse, call_args: object, ctx: ToolContext
    ) -> agent.AskQuestionResult | None:
        if response.WhichOneof("result") != self.response_field:
            return None
        return response.ask_question_interaction_response.result

    def tool_call(self, call_args: object, ctx: ToolContext, result: Message | None = None) -> agent.ToolCall:
        try:
            args = self.parse(call_args)
        except ToolArgumentError:
            args = agent.AskQuestionArgs(title=display_str(lenient(self.name, call_args), "title"))
        call = agent.AskQuestionToolCall(args=args)
        if isinstance(result, agent.AskQuestionResult):
            call.result.CopyFrom(result)
        return agent.ToolCall(ask_question_tool_call=call)


class CreatePlanTool(InteractionTool):
    name = "CreatePlan"
    description = (
        "Present an implementation plan to the user for review. Write the plan in Markdown: the goal, "
        "the files to change and how, and how to verify. After calling it, stop and wait for the user."
    )
    parameters = object_schema(
        {
            "name": string("A short name for the plan."),
            "overview": string("One or two sentences summarising the plan."),
            "plan": string("The full plan, in Markdown."),
            "todos": array(
                "The plan's steps as a to-do list.",
                object_schema(
                    {
                        "id": string("A unique id for the step."),
                        "content": string("What the step does."),
                        "status": string("The step's status. Default 'pending'.", list(_TODO_STATUS)),
                    },
                    ["id", "content"],
                ),
            ),
        },
        ["name", "plan"],
    )
    query_field = "create_plan_request_query"
    response_field = "create_plan_request_response"

    def parse(self, call_args: object) -> agent.CreatePlanArgs:
        args = Args(self.name, call_args)
        plan = agent.CreatePlanArgs(
            name=args.req_str("name"), plan=args.req_str("plan", strip=False), overview=args.opt_str("overview") or ""
        )
        for i, raw in enumerate(args.list("todos")):
            t = args.nested("todos", i, raw)
            status = t.choice("status", list(_TODO_STATUS), "pending") or "pending"
            plan.todos.add(id=t.req_str("id"), content=t.req_str("content"), status=_TODO_STATUS[status])
        return plan

    def build_query(self, call_args: object, query_id: int, ctx: ToolContext) -> agent.InteractionQuery:
        query = agent.CreatePlanRequestQuery(args=self.parse(call_args), tool_call_id=ctx.tool_call_id)
        return _query(query_id, create_plan_request_query=query)

    def _outcome(self, payload: Any, args: Args) -> ToolOutcome:
        result: agent.CreatePlanResult = payload.result

        def success(_s: agent.CreatePlanSuccess) -> ToolOutcome:
            where = f" ({result.plan_uri})" if result.plan_uri else ""
            return ToolOutcome(
                f"The plan was created{where} and shown to the user. Stop here and wait for the user to "
                "review it before making any changes."
            )

        return dispatch(
            self.name,
            result,
            "result",
            {"success": success, "error": lambda e: ToolOutcome(f"The plan could not be created: {e.error}", True)},
        )

    def result_message(
        self, response: agent.InteractionResponse, call_args: object, ctx: ToolContext
    ) -> agent.CreatePlanResult | None:
        if response.WhichOneof("result") != self.response_field:
            return None
        return response.create_plan_request_response.result

    def tool_call(self, call_args: object, ctx: ToolContext, result: Message | None = None) -> agent.ToolCall:
        try:
            args = self.parse(call_args)
        except ToolArgumentError:
            raw = lenient(self.name, call_args)
            args = agent.CreatePlanArgs(name=display_str(raw, "name"), plan=display_str(raw, "plan"))
        call = agent.CreatePlanToolCall(args=args)
        if isinstance(result, agent.CreatePlanResult):
            call.result.CopyFrom(result)
        return agent.ToolCall(create_plan_tool_call=call)


def _approval_outcome(what: str, payload: Message) -> ToolOutcome:
    return dispatch(
        what,
        payload,
        "result",
        {
            "approved": lambda _a: ToolOutcome(f"{what} was approved; the result is pending.", pending=True),
            "rejected": lambda r: _declined(what, r.reason),
        },
    )


class WebSearchTool(InteractionTool):
    name = "WebSearch"
    description = (
        "Search the web for current information (recent releases, documentation, error messages, news). "
        "Returns result titles, URLs and snippets. Be specific; include versions or dates when they matter."
    )
    parameters = object_schema({"search_term": string("What to search for.")}, ["search_term"])
    read_only = True
    query_field = "web_search_request_query"
    response_field = "web_search_request_response"

    def parse(self, call_args: object) -> str:
        return Args(self.name, call_args).req_str("search_term")

    def build_query(self, call_args: object, query_id: int, ctx: ToolContext) -> agent.InteractionQuery:
        search = agent.WebSearchArgs(search_term=self.parse(call_args), tool_call_id=ctx.tool_call_id)
        return _query(query_id, web_search_request_query=agent.WebSearchRequestQuery(args=search))

    def _outcome(self, payload: Any, args: Args) -> ToolOutcome:
        return _approval_outcome("The web search", payload)

    def result_message(
        self, response: agent.InteractionResponse, call_args: object, ctx: ToolContext
    ) -> agent.WebSearchResult | None:
        if response.WhichOneof("result") != self.response_field:
            return None
        answer = response.web_search_request_response
        if answer.WhichOneof("result") == "rejected":
            return agent.WebSearchResult(rejected=agent.WebSearchRejected(reason=answer.rejected.reason))
        return None

    @staticmethod
    def completed(references: Iterable[agent.WebSearchReference]) -> tuple[ToolOutcome, agent.WebSearchResult]:
        refs = list(references)
        if not refs:
            return ToolOutcome("The web search found nothing."), agent.WebSearchResult(success=agent.WebSearchSuccess())
        lines = []
        for i, ref in enumerate(refs, 1):
            lines.append(f"{i}. {ref.title or ref.url}\n   {ref.url}")
            if ref.chunk.strip():
                lines.append("   " + ref.chunk.strip().replace("\n", "\n   "))
        return ToolOutcome(clip("\n".join(lines), TEXT_LIMIT)), agent.WebSearchResult(
            success=agent.WebSearchSuccess(references=refs)
        )

    @staticmethod
    def failed(error: str) -> tuple[ToolOutcome, agent.WebSearchResult]:
        return ToolOutcome(f"The web search failed: {error}", True), agent.WebSearchResult(
            error=agent.WebSearchError(error=error)
        )

    def tool_call(self, call_args: object, ctx: ToolContext, result: Message | None = None) -> agent.ToolCall:
        term = display_str(lenient(self.name, call_args), "search_term")
        call = agent.WebSearchToolCall(args=agent.WebSearchArgs(search_term=term, tool_call_id=ctx.tool_call_id))
        if isinstance(result, agent.WebSearchResult):
            call.result.CopyFrom(result)
        return agent.ToolCall(web_search_tool_call=call)


class WebFetchTool(InteractionTool):
    name = "WebFetch"
    description = (
        "Fetch a public web page and return its content as Markdown. The URL must be a complete http(s) "
        "URL. Not for local or private addresses, authenticated pages or binary files."
    )
    parameters = object_schema({"url": string("The URL to fetch.")}, ["url"])
    read_only = True
    query_field = "web_fetch_request_query"
    response_field = "web_fetch_request_response"

    def parse(self, call_args: object) -> str:
        url = Args(self.name, call_args).req_str("url")
        parts = urlsplit(url)
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            raise ToolArgumentError(f"WebFetch: {url!r} is not a complete http or https URL.")
        return url

    def build_query(self, call_args: object, query_id: int, ctx: ToolContext) -> agent.InteractionQuery:
        fetch = agent.WebFetchArgs(url=self.parse(call_args), tool_call_id=ctx.tool_call_id)
        return _query(query_id, web_fetch_request_query=agent.WebFetchRequestQuery(args=fetch))

    def _outcome(self, payload: Any, args: Args) -> ToolOutcome:
        return _approval_outcome("Fetching the page", payload)

    def result_message(
        self, response: agent.InteractionResponse, call_args: object, ctx: ToolContext
    ) -> agent.WebFetchResult | None:
        if response.WhichOneof("result") != self.response_field:
            return None
        answer = response.web_fetch_request_response
        if answer.WhichOneof("result") == "rejected":
            return agent.WebFetchResult(rejected=agent.WebFetchRejected(reason=answer.rejected.reason))
        return None

    @staticmethod
    def completed(url: str, markdown: str) -> tuple[ToolOutcome, agent.WebFetchResult]:
        text = clip(markdown.strip(), TEXT_LIMIT) or "(the page has no readable content)"
        return ToolOutcome(text), agent.WebFetchResult(success=agent.WebFetchSuccess(url=url, markdown=markdown))

    @staticmethod
    def failed(url: str, error: str) -> tuple[ToolOutcome, agent.WebFetchResult]:
        return ToolOutcome(f"Fetching {url} failed: {error}", True), agent.WebFetchResult(
            error=agent.WebFetchError(url=url, error=error)
        )

    def tool_call(self, call_args: object, ctx: ToolContext, result: Message | None = None) -> agent.ToolCall:
        url = display_str(lenient(self.name, call_args), "url")
        call = agent.WebFetchToolCall(args=agent.WebFetchArgs(url=url, tool_call_id=ctx.tool_call_id))
        if isinstance(result, agent.WebFetchResult):
            call.result.CopyFrom(result)
        return agent.ToolCall(web_fetch_tool_call=call)


class SwitchModeTool(InteractionTool):
    name = "SwitchMode"
    description = (
        "Ask the user to switch the agent mode: 'agent' (make changes), 'ask' (read-only answers) or "
        "'plan' (research and write a plan for review). The user may refuse."
    )
    parameters = object_schema(
        {
            "target_mode_id": string("The mode to switch to.", list(MODE_IDS)),
            "explanation": string("Why the switch helps, shown to the user."),
        },
        ["target_mode_id"],
    )
    query_field = "switch_mode_request_query"
    response_field = "switch_mode_request_response"

    def parse(self, call_args: object) -> agent.SwitchModeArgs:
        args = Args(self.name, call_args)
        target = args.choice("target_mode_id", list(MODE_IDS))
        if target is None:
            raise ToolArgumentError(f"SwitchMode: 'target_mode_id' is required: one of {', '.join(MODE_IDS)}.")
        switch = agent.SwitchModeArgs(target_mode_id=target)
        explanation = args.opt_str("explanation")
        if explanation:
            switch.explanation = explanation
        return switch

    def target_mode(self, call_args: object) -> int:
        """The `AgentMode` the call asks for (raises `ToolArgumentError` for a bad call)."""
        return MODE_IDS[self.parse(call_args).target_mode_id]

    def build_query(self, call_args: object, query_id: int, ctx: ToolContext) -> agent.InteractionQuery:
        switch = self.parse(call_args)
        if MODE_IDS[switch.target_mode_id] == ctx.mode:
            raise ToolArgumentError(f"SwitchMode: the agent is already in {switch.target_mode_id} mode.")
        switch.tool_call_id = ctx.tool_call_id
        return _query(query_id, switch_mode_request_query=agent.SwitchModeRequestQuery(args=switch))

    def _outcome(self, payload: Any, args: Args) -> ToolOutcome:
        target = display_str(args, "target_mode_id") or "the requested"
        return dispatch(
            self.name,
            payload,
            "result",
            {
                "approved": lambda _a: ToolOutcome(f"Switched to {target} mode; its rules apply from now on."),
                "rejected": lambda r: ToolOutcome(
                    "The user kept the current mode"
                    + (f": {r.reason}" if r.reason else ".")
                    + " Continue within its rules.",
                    True,
                ),
            },
        )

    def result_message(
        self, response: agent.InteractionResponse, call_args: object, ctx: ToolContext
    ) -> agent.SwitchModeResult | None:
        if response.WhichOneof("result") != self.response_field:
            return None
        answer = response.switch_mode_request_response
        which = answer.WhichOneof("result")
        if which == "approved":
            target = display_str(lenient(self.name, call_args), "target_mode_id")
            return agent.SwitchModeResult(
                success=agent.SwitchModeSuccess(from_mode_id=mode_id(ctx.mode), to_mode_id=target)
            )
        if which == "rejected":
            return agent.SwitchModeResult(rejected=agent.SwitchModeRejected(reason=answer.rejected.reason))
        return agent.SwitchModeResult(error=agent.SwitchModeError(error=self.result_text(response).text))

    def tool_call(self, call_args: object, ctx: ToolContext, result: Message | None = None) -> agent.ToolCall:
        args = lenient(self.name, call_args)
        switch = agent.SwitchModeArgs(target_mode_id=display_str(args, "target_mode_id"), tool_call_id=ctx.tool_call_id)
        if display_str(args, "explanation"):
            switch.explanation = display_str(args, "explanation")
        call = agent.SwitchModeToolCall(args=switch)
        if isinstance(result, agent.SwitchModeResult):
            call.result.CopyFrom(result)
        return agent.ToolCall(switch_mode_tool_call=call)


__all__ = [
    "MODE_IDS",
    "AskQuestionTool",
    "CreatePlanTool",
    "SwitchModeTool",
    "WebFetchTool",
    "WebSearchTool",
    "mode_id",
]
