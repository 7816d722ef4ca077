"""Which addresses a delivery may go to: never a private, loopback, link-local, multicast,
reserved or unspecified one (the server's own network), unless the operator allows it (an
install on a club's own network). Checked on the resolved addresses, so a public name pointing
inside is refused too."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import SplitResult, urlsplit


def refused(address: str) -> bool:
    """Whether an IP address is one no delivery may go to."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # a scoped IPv6 address: its zone off
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast
            or ip.is_reserved or ip.is_unspecified or not ip.is_global)


def any_refused(addresses: Iterable[str]) -> bool:
    """A name is refused when any address it resolves to is (the connection may pick any)."""
    return any(refused(a) for a in addresses)


def endpoint(url: str) -> SplitResult | None:
    """The URL's parts when it can be an endpoint (http or https, a host, no user or password);
    None otherwise."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username is not None:
        return None
    return parts
