import type { AppContext } from "../../context.js";
import type { ConnectorOptions } from "../../engines/connectors/connector-options.js";
import type { RealEngineId } from "../../engines/connectors/provider-settings.js";

/**
 * What a connector of `provider` is built with, for a key already resolved: the provider's
 * address and timeout from the configuration, the server's clock, catalog and logger.
 */
export function connectorOptionsFor(
  ctx: AppContext,
  provider: RealEngineId,
  apiKey: string,
): ConnectorOptions {
  const settings = ctx.config.providers[provider];
  return {
    apiKey,
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    clock: ctx.clock,
    catalog: ctx.config.modelCatalog,
    logger: ctx.logger,
    fetch: ctx.providerFetch.fetch,
  };
}
