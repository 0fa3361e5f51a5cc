"""Which addresses the agent's WebFetch may connect to: public ones, and the networks the user allowed.

A page the model names must not become a way into the user's machine or network (the daemon's own
listeners, a router's admin page, a cloud metadata service at 169.254.169.254). So every address a host
name resolves to is checked, and one that is not globally reachable refuses the whole fetch: a name that
resolves to a public and a private address could be answered either way later. IPv6 forms that carry an
IPv4 address (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that
address. The fetcher then connects to the address checked here, never resolving again (DNS rebinding).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

import attrs

from cursord.config import Network

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def _carried_ipv4(address: Address) -> ipaddress.IPv4Address | None:
    if isinstance(address, ipaddress.IPv4Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)
    return None


@attrs.frozen
class AddressPolicy:
    """Public addresses pass; so do those in `allowed` (the `web_fetch_allow` networks)."""

    allowed: tuple[Network, ...] = ()

    def refusal(self, address: Address) -> str | None:
        """What kind of address `address` is, if WebFetch may not use it ("a loopback address"); else None."""
        if any(address.version == net.version and address in net for net in self.allowed):
            return None
        judged = _carried_ipv4(address) or address
        if judged is not address and any(judged in net for net in self.allowed if net.version == 4):
            return None
        if judged.is_multicast:
            return "a multicast address"
        if judged.is_global:
            return None
        if judged.is_loopback:
            return "a loopback address"
        if judged.is_link_local:
            return "a link-local address"
        return "a private address" if judged.is_private else "a non-public address"

    def check(self, host: str, addresses: Sequence[Address]) -> str | None:
        """Why `host`, resolving to `addresses`, may not be fetched from (None: every address may be used)."""
        if not addresses:
            return f"{host} resolves to no address"
        for address in addresses:
            kind = self.refusal(address)
            if kind is not None:
                return f"{address} is {kind}" if host == str(address) else f"{host} resolves to {address}, {kind}"
        return None
