"""The face of `cursord.server`: what other packages import from it."""

from cursord.server.activity import RECENT_TURNS, EditorActivity
from cursord.server.agent_listener import AgentEndpoint, listener_app, serve_agent_listener
from cursord.server.app import UnaryMethod
from cursord.server.asgi import (
    Receive,
    Scope,
    Send,
    deny_websocket,
    drain_body,
    header,
    read_body,
    send_response,
    watch_disconnect,
)
from cursord.server.assembly import Core, build_core
from cursord.server.bidi import parse_bidi_append
from cursord.server.counters import ServerCounters
from cursord.server.gateway import GatewayAccess
from cursord.server.gateway_client import GATEWAY_PATHS, gateway_client_parts, gateway_relay, open_gateway_client
from cursord.server.host_policy import LOOPBACK_ONLY, PROXIED_EXTENSION, HostPolicy, is_loopback
from cursord.server.hypercorn_fixes import UnsupportedHypercorn
from cursord.server.models_rpc import (
    AGENT_USABLE_MODELS_PATH,
    AISERVER_USABLE_MODELS_PATH,
    AVAILABLE_MODELS_PATH,
    MODEL_RPC_PATHS,
    model_rpc_parts,
)
from cursord.server.parts import AppParts, Route, RunRelay
from cursord.server.placement import BIDI_APPEND_PATH, RUN_PATH, RUN_SSE_PATH, RequestPlacement
from cursord.server.pooled_relay import PooledRelay
from cursord.server.refusals import refuse_call
from cursord.server.relay import AgentRelay
from cursord.server.serve import CannotListen, ListenOptions, hypercorn_config, naming_the_listener, serve_http
from cursord.server.side_rpcs import CONTROL_PATHS, PRIVATE_PATHS, SideRpcs, side_rpc_parts
from cursord.server.side_streams import SIDE_STREAM_PATHS
from cursord.server.stream_calls import StreamCall, read_stream_call, refuse_stream_call

__all__ = [
    "AGENT_USABLE_MODELS_PATH",
    "AISERVER_USABLE_MODELS_PATH",
    "AVAILABLE_MODELS_PATH",
    "BIDI_APPEND_PATH",
    "CONTROL_PATHS",
    "GATEWAY_PATHS",
    "LOOPBACK_ONLY",
    "MODEL_RPC_PATHS",
    "PRIVATE_PATHS",
    "PROXIED_EXTENSION",
    "RECENT_TURNS",
    "RUN_PATH",
    "RUN_SSE_PATH",
    "SIDE_STREAM_PATHS",
    "AgentEndpoint",
    "AgentRelay",
    "AppParts",
    "CannotListen",
    "Core",
    "EditorActivity",
    "GatewayAccess",
    "HostPolicy",
    "ListenOptions",
    "PooledRelay",
    "Receive",
    "RequestPlacement",
    "Route",
    "RunRelay",
    "Scope",
    "Send",
    "ServerCounters",
    "SideRpcs",
    "StreamCall",
    "UnaryMethod",
    "UnsupportedHypercorn",
    "build_core",
    "deny_websocket",
    "drain_body",
    "gateway_client_parts",
    "gateway_relay",
    "header",
    "hypercorn_config",
    "is_loopback",
    "listener_app",
    "model_rpc_parts",
    "naming_the_listener",
    "open_gateway_client",
    "parse_bidi_append",
    "read_body",
    "read_stream_call",
    "refuse_call",
    "refuse_stream_call",
    "send_response",
    "serve_agent_listener",
    "serve_http",
    "side_rpc_parts",
    "watch_disconnect",
]
