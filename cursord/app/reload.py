"""Reloading providers and keys (SIGHUP, `systemctl --user reload cursord`) without dropping a stream.

Theory of operation. The daemon keeps one `ProviderRouter` and one `ModelCatalog` for its life, and
everything that routes a run (the model lists, the Run relay, the proxy, the side RPCs) holds that
catalog. A reload loads the configuration again (the config file, the key file beside it, the flags the
daemon started with), builds providers from it, and moves them and the new catalog into the running
router and catalog: runs that start afterwards see the new models and keys; a pass in flight finishes on the
provider it started with. `[tab]` is reloaded the same way: the Tab service takes the new backend (or none)
for the requests that start afterwards, and closes the old one once its last request has ended. Settings
that need new sockets, files or threads (listen addresses, data_dir, store, limits, ...) are not reloaded: a
reload that changes them says so and keeps the old values until a restart. A configuration that does not
load is logged in one line and the old one stays.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

import attrs
import httpx
import trio

from cursord.agent.router import ProviderRouter, price_book
from cursord.config import RELOADED_SETTINGS, ConfigError, ModelCatalog, ServeConfig, config_warnings
from cursord.core import redact_also
from cursord.tab import TabService

log = logging.getLogger(__name__)

__all__ = ["ConfigSource", "ProviderReloader"]


@attrs.frozen
class ConfigSource:
    """How the daemon's configuration is read again: `environ()` re-reads the key file, `load` the flags
    and the config file under that environment (raises ConfigError)."""

    environ: Callable[[], Mapping[str, str]]
    load: Callable[[Mapping[str, str]], ServeConfig]


#: the settings a reload takes (the rest need a restart): the settings table's rows that need none.
RELOADED = RELOADED_SETTINGS


@attrs.define
class ProviderReloader:
    source: ConfigSource
    running: ServeConfig
    router: ProviderRouter
    client: httpx.AsyncClient
    #: told of the configuration and environment after each reload (the dashboard's views show them)
    on_reload: Callable[[ServeConfig, Mapping[str, str]], None] = lambda config, environ: None
    #: the Tab RPCs, given the `[tab]` backend of each reload
    tab: TabService | None = None

    def reload(self) -> bool:
        """Apply the configuration as it is now; False (logged) if it does not load."""
        environ = self.source.environ()
        try:
            config = self.source.load(environ)
        except ConfigError as error:
            log.error("reload refused, the running configuration stays: %s", error)
            return False
        catalog = ModelCatalog(config.providers, config.aliases, config.default_model)
        fresh = ProviderRouter.from_catalog(catalog, environ, self.client, default_model=config.default_model)
        redact_also(environ.get(name) for name in config.key_envs)
        if self.tab is not None:
            self.tab.reconfigure(config.tab, environ)
        self.router.catalog.adopt(catalog)
        # Every key's provider, and where round-robin pools start and which keys rest, afresh: keys may
        # have changed.
        self.router.providers, self.router.pools, self.router.targets = fresh.providers, fresh.pools, fresh.targets
        self.router.default_model = config.default_model
        if self.router.ledger is not None:
            self.router.ledger.prices = price_book(config.providers)
        kept = sorted(name for name in attrs.fields_dict(ServeConfig)
                      if name not in RELOADED and getattr(config, name) != getattr(self.running, name))
        self.running = attrs.evolve(self.running, providers=config.providers, aliases=config.aliases,
                                    default_model=config.default_model, tab=config.tab)
        self.on_reload(self.running, environ)
        log.info("reloaded the providers and keys; models: %s", ", ".join(self.router.models))
        for warning in config_warnings(self.running, environ):
            log.warning("%s", warning)
        if kept:
            log.warning("a restart is needed to apply %s (a reload takes providers, keys, aliases, "
                        "default_model and tab)", ", ".join(kept))
        return True

    async def follow(self, requests: trio.abc.ReceiveChannel[object]) -> None:
        """Reload once per request until the channel closes."""
        async with requests:
            async for _ in requests:
                if self.reload() and self.tab is not None:
                    await self.tab.close_retired()
