"""The face of `cursord.cluster`: one node of a team gateway of several, on one PostgreSQL store."""

from cursord.cluster.node import HOPS_HEADER, MAX_HOPS, GatewayNode, PeerForwarder
from cursord.cluster.peers import Peers, open_peers

__all__ = ["HOPS_HEADER", "MAX_HOPS", "GatewayNode", "PeerForwarder", "Peers", "open_peers"]
