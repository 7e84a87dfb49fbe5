import type { AppContext } from "../../context.js";
import {
  CATALOG_PROVIDERS,
  isoDay,
  MODEL_USES,
  retiredBy,
} from "../../engines/catalog/model-catalog.js";
import { probeModel } from "../../engines/connectors/probe-model.js";
import { isRealEngine, type RealEngineId } from "../../engines/connectors/provider-settings.js";
import { connectorOptionsFor } from "../credentials/connector-options-for.js";

export interface ProviderDefaultCheck {
  provider: RealEngineId;
  outcome: "ok" | "warning" | "failed";
  /** What was found and, when something is wrong, which setting to change, in words. */
  message: string;
}

/** A default retiring within this many days is warned about. */
const warnDaysAhead = 30;
const dayMs = 86_400_000;

/**
 * Checks that every provider with an operator key still serves the catalog's default models
 * (answers, chat, prompts, research): each is read at the provider (its model endpoint, which
 * costs nothing; Perplexity and Exa have none, so only the catalog's dates are checked) and its
 * `retiresAt` compared with the clock. A provider is checked at most once per
 * `providerCheckHours` across all processes: a row per provider is claimed with one conditional
 * upsert. The outcome is stored (`provider_default_checks`) and logged, a problem as a warning
 * naming the setting to change. Returns the checks this call made.
 */
export async function checkProviderDefaults(options: {
  ctx: AppContext;
}): Promise<ProviderDefaultCheck[]> {
  const { ctx } = options;
  const hours = ctx.config.providerCheckHours;
  if (hours <= 0) return [];
  const now = ctx.clock.now();
  const checks: ProviderDefaultCheck[] = [];
  for (const provider of CATALOG_PROVIDERS.filter(isRealEngine)) {
    const settings = ctx.config.providers[provider];
    if (!settings.operatorKey || !(await claim(ctx, provider, now, hours))) continue;
    let check: ProviderDefaultCheck;
    try {
      check = await checkProvider(ctx, provider, settings.operatorKey, now);
    } catch (error) {
      // Whatever stopped the check is the period's outcome: the claimed row never stays pending.
      const reason = error instanceof Error ? error.message : String(error);
      check = { provider, outcome: "failed", message: `the check itself failed: ${reason}` };
    }
    await ctx.prisma.providerDefaultCheck.update({
      where: { provider },
      data: { outcome: check.outcome, message: check.message.slice(0, 2000) },
    });
    const log = { provider, outcome: check.outcome, detail: check.message };
    if (check.outcome === "ok") ctx.logger.info(log, "provider serves its default models");
    else ctx.logger.warn(log, `provider default models: ${check.message}`);
    checks.push(check);
  }
  return checks;
}

function defaultOf(ctx: AppContext, provider: RealEngineId, use: (typeof MODEL_USES)[number]) {
  try {
    return [ctx.config.modelCatalog.defaultId(provider, use)];
  } catch {
    return [];
  }
}

/** Takes this period's check of a provider: true for exactly one process per period. */
async function claim(ctx: AppContext, provider: string, now: Date, hours: number) {
  const due = new Date(now.getTime() - hours * 3_600_000);
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ provider: string }>>(
    `INSERT INTO provider_default_checks (provider, checked_at, outcome, message)
     VALUES ($1, $2::timestamptz, 'pending', '')
     ON CONFLICT (provider) DO UPDATE SET checked_at = EXCLUDED.checked_at, outcome = 'pending'
     WHERE provider_default_checks.checked_at <= $3::timestamptz
     RETURNING provider`,
    provider,
    now.toISOString(),
    due.toISOString(),
  );
  return rows.length > 0;
}

/** One provider's defaults: their catalog dates, then each read at the provider. */
async function checkProvider(
  ctx: AppContext,
  provider: RealEngineId,
  operatorKey: string,
  now: Date,
): Promise<ProviderDefaultCheck> {
  const catalog = ctx.config.modelCatalog;
  const defaults = [...new Set(MODEL_USES.flatMap((use) => defaultOf(ctx, provider, use)))];
  const problems: string[] = [];
  const notes: string[] = [];
  let datesOnly = false;
  for (const id of defaults) {
    const model = catalog.require(provider, id);
    const setting = `the ${provider} default in GEO_MODEL_CATALOG_FILE (docs/models.md)`;
    if (retiredBy(model, isoDay(now))) {
      problems.push(
        `${id} is retired${model.retiresAt ? ` since ${model.retiresAt}` : ""}: change ${setting}`,
      );
      continue;
    }
    if (model.retiresAt && Date.parse(model.retiresAt) - now.getTime() < warnDaysAhead * dayMs)
      notes.push(`${id} retires on ${model.retiresAt}: change ${setting} before then`);
    const probe = await probeModel(
      provider,
      connectorOptionsFor(ctx, provider, operatorKey),
      model,
    );
    if (probe.outcome === "refused")
      problems.push(
        `${id} is refused (${probe.message}): check ${provider.toUpperCase()}_API_KEY, or change ${setting}`,
      );
    else if (probe.outcome === "unknown")
      notes.push(`${id} could not be checked (${probe.message})`);
    else if (probe.outcome === "unchecked") datesOnly = true;
  }
  const served = defaults.join(", ");
  return {
    provider,
    outcome: problems.length > 0 ? "failed" : notes.length > 0 ? "warning" : "ok",
    message:
      problems.length + notes.length === 0
        ? `serves ${served}${datesOnly ? " (by the catalog's dates: the provider has no model endpoint)" : ""}`
        : [...problems, ...notes].join("; "),
  };
}
