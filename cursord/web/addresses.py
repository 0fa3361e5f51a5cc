"""Which addresses the agent's WebFetch may connect to: public ones, and the networks the user allowed.

A page the model names must not become a way into the user's machine or network (the daemon's own
listeners, a router's admin page, a cloud metadata service at 169.254.169.254). So every address a host
name resolves to is checked, and one that is not public refuses the whole fetch: a name that resolves to
a public and a private address could be answered either way later. The fetcher then connects to the
address checked here, never resolving again (DNS rebinding).

What is not public is one explicit table, `NON_PUBLIC` (IANA's IPv4 and IPv6 special-purpose address
registries, RFC 6890 and its updates), not `ipaddress`'s `is_global`, whose answers differ between Python
versions (3.11 calls `::7f00:1`, `::ffff:0:7f00:1`, `64:ff9b:1::/48`, `fec0::/10` and `192.0.0.8` global).
IPv6 forms that carry a public IPv4 address by design (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`,
6to4 `2002::/16`) are judged by that IPv4 address; every other IPv6 address outside global unicast
(`2000::/3`) is refused.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

import attrs

from cursord.config import Network

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

_LOOPBACK = "a loopback address"
_PRIVATE = "a private address"
_LINK_LOCAL = "a link-local address"
_MULTICAST = "a multicast address"
_OTHER = "a non-public address"

#: every range WebFetch refuses, and what to call it (the first match names it)
NON_PUBLIC: tuple[tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, str], ...] = tuple(
    (ipaddress.ip_network(net), kind)
    for net, kind in (
        ("0.0.0.0/8", _OTHER),  # "this network"
        ("10.0.0.0/8", _PRIVATE),
        ("100.64.0.0/10", _OTHER),  # shared address space (carrier-grade NAT)
        ("127.0.0.0/8", _LOOPBACK),
        ("169.254.0.0/16", _LINK_LOCAL),
        ("172.16.0.0/12", _PRIVATE),
        ("192.0.0.0/24", _OTHER),  # IETF protocol assignments (192.0.0.8: IPv4 dummy address)
        ("192.0.2.0/24", _OTHER),  # documentation
        ("192.88.99.0/24", _OTHER),  # 6to4 relay anycast (deprecated)
        ("192.168.0.0/16", _PRIVATE),
        ("198.18.0.0/15", _OTHER),  # benchmarking
        ("198.51.100.0/24", _OTHER),  # documentation
        ("203.0.113.0/24", _OTHER),  # documentation
        ("224.0.0.0/4", _MULTICAST),
        ("240.0.0.0/4", _OTHER),  # reserved, and the limited broadcast address
        ("::1/128", _LOOPBACK),
        ("::/96", _OTHER),  # unspecified and IPv4-compatible (deprecated: `::7f00:1`)
        ("::ffff:0:0:0/96", _OTHER),  # IPv4-translated (`::ffff:0:7f00:1`)
        ("64:ff9b:1::/48", _PRIVATE),  # local-use IPv4/IPv6 translation
        ("100::/64", _OTHER),  # discard-only
        ("2001::/23", _OTHER),  # IETF protocol assignments (Teredo, benchmarking, ORCHID)
        ("2001:db8::/32", _OTHER),  # documentation
        ("3fff::/20", _OTHER),  # documentation
        ("5f00::/16", _OTHER),  # segment routing (SRv6) SIDs
        ("fc00::/7", _PRIVATE),  # unique local
        ("fe80::/10", _LINK_LOCAL),
        ("fec0::/10", _PRIVATE),  # site-local (deprecated)
        ("ff00::/8", _MULTICAST),
    )
)
_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
_MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_SIX_TO_FOUR = ipaddress.IPv6Network("2002::/16")


def _carried_ipv4(address: Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries by design (mapped, NAT64, 6to4), if any."""
    if isinstance(address, ipaddress.IPv4Address):
        return None
    if address in _MAPPED or address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)
    if address in _SIX_TO_FOUR:
        return ipaddress.IPv4Address((int(address) >> 80) & 0xFFFF_FFFF)
    return None


def non_public(address: Address) -> str | None:
    """What kind of non-public address `address` is (by `NON_PUBLIC`), or None for a public one."""
    for network, kind in NON_PUBLIC:
        if address.version == network.version and address in network:
            return kind
    if isinstance(address, ipaddress.IPv6Address) and address not in _GLOBAL_UNICAST:
        return _OTHER  # not allocated for unicast on the internet
    return None


@attrs.frozen
class AddressPolicy:
    """Public addresses pass; so do those in `allowed` (the `web_fetch_allow` networks)."""

    allowed: tuple[Network, ...] = ()

    def _allowed(self, address: Address) -> bool:
        return any(address.version == net.version and address in net for net in self.allowed)

    def refusal(self, address: Address) -> str | None:
        """What kind of address `address` is, if WebFetch may not use it ("a loopback address"); else None."""
        if self._allowed(address):
            return None
        judged = _carried_ipv4(address) or address
        if judged is not address and self._allowed(judged):
            return None
        return non_public(judged)

    def check(self, host: str, addresses: Sequence[Address]) -> str | None:
        """Why `host`, resolving to `addresses`, may not be fetched from (None: every address may be used)."""
        if not addresses:
            return f"{host} resolves to no address"
        for address in addresses:
            kind = self.refusal(address)
            if kind is not None:
                return f"{address} is {kind}" if host == str(address) else f"{host} resolves to {address}, {kind}"
        return None
