import { readFileSync } from "node:fs";
import { z } from "zod";
import { REAL_ENGINE_IDS, type RealEngineId } from "../engine-registry.js";
import { chatInputBudgetTokens, minChatInputBudgetTokens } from "./chat-step-budget.js";
import builtin from "./models.json" with { type: "json" };

/**
 * Providers the catalog prices, under their engine ids: the answer engines, and the chat, prompt
 * and research providers among them.
 */
export const CATALOG_PROVIDERS = REAL_ENGINE_IDS as readonly RealEngineId[] as [
  RealEngineId,
  ...RealEngineId[],
];
export type CatalogProvider = RealEngineId;

/**
 * What a model may be used for: `answers` (a measurement engine), `chat` (the assistant),
 * `prompts` (the prompt writer), `research` (research questions).
 */
export const MODEL_USES = ["answers", "chat", "prompts", "research"] as const;
export type ModelUse = (typeof MODEL_USES)[number];

/**
 * A model id as the contract and the provider's URL may carry it: letters, digits, `.`, `_`,
 * `-`, never `..`, `/` or `:` (Gemini puts the name in its URL path).
 */
const modelId = z
  .string()
  .regex(
    /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.)){0,99}$/,
    "must be 1-100 of A-Za-z0-9._- without ..",
  );
const microusd = z.number().int().min(0).max(1_000_000_000);
const day = z.iso.date();

/** Perplexity's `search_context_size`: how much web context a Sonar request fetched. */
export const SEARCH_CONTEXT_SIZES = ["low", "medium", "high"] as const;
export type SearchContextSize = (typeof SEARCH_CONTEXT_SIZES)[number];

const modelSchema = z.strictObject({
  id: modelId,
  /** Other names of the same model, accepted where the id is and stored as the id. */
  aliases: z.array(modelId).max(20).default([]),
  /** The name sent to the provider, when it is not the id. */
  apiModel: modelId.optional(),
  uses: z.array(z.enum(MODEL_USES)).min(1),
  prices: z.strictObject({
    inputPerMillion: microusd.default(0),
    outputPerMillion: microusd.default(0),
    perSearch: microusd.default(0),
    perGroundedRequest: microusd.default(0),
    perRequest: microusd.default(0),
    /** The request fee by search context size (Perplexity Sonar), in place of `perRequest`. */
    perRequestByContextSize: z
      .strictObject({ low: microusd, medium: microusd, high: microusd })
      .optional(),
    /** Each result beyond the `includedResults` the request fee covers (Exa search). */
    perExtraResult: microusd.default(0),
    /** Each page summary the provider wrote (Exa). */
    perSummary: microusd.default(0),
  }),
  /** Results one request fee includes (Exa search: 10, with their text and highlights). */
  includedResults: z.number().int().min(0).max(1000).default(0),
  /**
   * How much a reasoning model may think before it answers (Gemini's thinkingConfig; xAI's
   * `reasoning.effort`, from the level): a `level` (Gemini 3, Grok) or a token `budget`
   * (Gemini 2.5). Thinking counts against the output cap.
   */
  thinking: z
    .strictObject({
      level: z.enum(["MINIMAL", "LOW", "MEDIUM", "HIGH"]).optional(),
      budget: z.number().int().min(0).max(32_768).optional(),
    })
    .optional(),
  status: z.enum(["active", "deprecated", "retired"]).default("active"),
  releasedAt: day.nullable().default(null),
  deprecatedAt: day.nullable().default(null),
  retiresAt: day.nullable().default(null),
});
const providerSchema = z.strictObject({
  defaults: z.partialRecord(z.enum(MODEL_USES), modelId).default({}),
  models: z.array(modelSchema).default([]),
});
const fileSchema = z.strictObject({
  $comment: z.string().optional(),
  providers: z.partialRecord(z.enum(CATALOG_PROVIDERS), providerSchema),
});
type ProviderEntry = z.infer<typeof providerSchema>;

/** One model of the catalog, prices as bigint micro-USD. */
export interface CatalogModel {
  provider: CatalogProvider;
  id: string;
  aliases: string[];
  /** What the provider is sent (the id unless the catalog names another). */
  apiModel: string;
  uses: ModelUse[];
  prices: {
    inputPerMillion: bigint;
    outputPerMillion: bigint;
    perSearch: bigint;
    perGroundedRequest: bigint;
    perRequest: bigint;
    perRequestByContextSize: Record<SearchContextSize, bigint> | undefined;
    perExtraResult: bigint;
    perSummary: bigint;
  };
  includedResults: number;
  thinking: { level?: "MINIMAL" | "LOW" | "MEDIUM" | "HIGH"; budget?: number } | undefined;
  status: "active" | "deprecated" | "retired";
  releasedAt: string | null;
  deprecatedAt: string | null;
  retiresAt: string | null;
}

/** What one call used, as the provider reported it. */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  searches?: number;
  groundedRequests?: number;
  requests?: number;
  /** The search context size the requests used; unknown is priced at the highest fee. */
  searchContextSize?: SearchContextSize;
  /** Results returned (Exa search), and the page summaries among them. */
  results?: number;
  summaries?: number;
}

/** A model the catalog does not list: refused before any provider is called. */
export class UnknownModelError extends Error {
  override name = "UnknownModelError";
  constructor(
    readonly provider: string,
    readonly model: string,
  ) {
    super(`The model catalog lists no ${provider} model "${model}".`);
  }
}

const count = (n: number | undefined) => BigInt(Math.max(0, Math.trunc(n ?? 0)));

/**
 * The one list of models GEO Pulse may call and what each costs (docs/models.md): the built-in
 * `models.json`, with an operator's file (GEO_MODEL_CATALOG_FILE) merged over it. Every model
 * field of the contract is checked against it, every provider call is priced by it, and a name
 * it does not list is an error, never a default price.
 */
export class ModelCatalog {
  private readonly byName = new Map<string, CatalogModel>();
  private readonly defaults = new Map<string, string>();
  readonly models: readonly CatalogModel[];

  constructor(providers: Partial<Record<CatalogProvider, ProviderEntry>>) {
    const models: CatalogModel[] = [];
    for (const provider of CATALOG_PROVIDERS) {
      const entry = providers[provider];
      if (!entry) continue;
      for (const m of entry.models) {
        const model: CatalogModel = {
          provider,
          id: m.id,
          aliases: [...m.aliases],
          apiModel: m.apiModel ?? m.id,
          uses: [...new Set(m.uses)],
          prices: {
            inputPerMillion: BigInt(m.prices.inputPerMillion),
            outputPerMillion: BigInt(m.prices.outputPerMillion),
            perSearch: BigInt(m.prices.perSearch),
            perGroundedRequest: BigInt(m.prices.perGroundedRequest),
            perRequest: BigInt(m.prices.perRequest),
            perRequestByContextSize: bigintsOf(m.prices.perRequestByContextSize),
            perExtraResult: BigInt(m.prices.perExtraResult),
            perSummary: BigInt(m.prices.perSummary),
          },
          includedResults: m.includedResults,
          thinking: m.thinking,
          status: m.status,
          releasedAt: m.releasedAt,
          deprecatedAt: m.deprecatedAt,
          retiresAt: m.retiresAt,
        };
        for (const name of [m.id, ...m.aliases]) {
          if (this.byName.has(`${provider}/${name}`))
            throw new Error(`${provider}: "${name}" names two models`);
          this.byName.set(`${provider}/${name}`, model);
        }
        if (m.uses.includes("chat") && chatInputBudgetTokens(model) < minChatInputBudgetTokens) {
          throw new Error(
            `${provider}/${m.id}: too expensive for "chat" (a step's ${minChatInputBudgetTokens}-token input budget and its output cap exceed the step ceiling)`,
          );
        }
        models.push(model);
      }
      for (const [use, id] of Object.entries(entry.defaults)) {
        const model = this.byName.get(`${provider}/${id}`);
        if (!model || model.id !== id)
          throw new Error(`${provider}: the default ${use} model "${id}" is not in the catalog`);
        if (model.status === "retired")
          throw new Error(`${provider}: the default ${use} model "${id}" is retired`);
        if (!model.uses.includes(use as ModelUse))
          throw new Error(
            `${provider}: the default ${use} model "${id}" is not allowed for ${use}`,
          );
        this.defaults.set(`${provider}/${use}`, id);
      }
    }
    this.models = models;
  }

  /** The model a name (id or alias) means, for this provider; undefined when unlisted. */
  find(provider: string, name: string): CatalogModel | undefined {
    return this.byName.get(`${provider}/${name}`);
  }

  /** The model, or UnknownModelError: a provider is never called with a model that has no price. */
  require(provider: string, name: string): CatalogModel {
    const model = this.find(provider, name);
    if (!model) throw new UnknownModelError(provider, name);
    return model;
  }

  /**
   * The model when it is listed for this use and not retired on `day` (an ISO day, the clock's:
   * a model whose `retiresAt` has come is refused like one whose status says retired).
   */
  allowed(provider: string, name: string, use: ModelUse, day: string): CatalogModel | undefined {
    const model = this.find(provider, name);
    return model && !retiredBy(model, day) && model.uses.includes(use) ? model : undefined;
  }

  /** The ids a model field of this provider and use accepts on `day`, sorted. */
  ids(provider: string, use: ModelUse, day: string): string[] {
    return this.models
      .filter((m) => m.provider === provider && !retiredBy(m, day) && m.uses.includes(use))
      .map((m) => m.id)
      .sort();
  }

  /**
   * The defaults whose model is retired on `day` (an ISO day): status `retired`, or a `retiresAt`
   * on or before that day. A default past its provider's retirement would fail every call.
   */
  defaultsRetiredBy(
    day: string,
  ): { provider: CatalogProvider; use: ModelUse; model: CatalogModel }[] {
    const out: { provider: CatalogProvider; use: ModelUse; model: CatalogModel }[] = [];
    for (const [key, id] of this.defaults) {
      const [provider, use] = key.split("/") as [CatalogProvider, ModelUse];
      const model = this.byName.get(`${provider}/${id}`);
      if (model && retiredBy(model, day)) out.push({ provider, use, model });
    }
    return out;
  }

  /** Throws when a default is retired on `day` (loadModelCatalog calls it with the clock's day). */
  assertDefaultsLiveOn(day: string): void {
    const [first] = this.defaultsRetiredBy(day);
    if (first)
      throw new Error(
        `${first.provider}: the default ${first.use} model "${first.model.id}" retires on ${first.model.retiresAt ?? "(retired)"}, on or before ${day}`,
      );
  }

  /** The provider's default model for a use (a catalog error at load when a use has none but needs one). */
  defaultId(provider: CatalogProvider, use: ModelUse): string {
    const id = this.defaults.get(`${provider}/${use}`);
    if (!id) throw new UnknownModelError(provider, `(default ${use} model)`);
    return id;
  }

  /**
   * What a call cost at the catalog's list prices, in integer micro-USD: tokens at the
   * per-million prices (the sum rounded up to a whole micro-USD), plus searches, grounded
   * requests, request fees, extra results and summaries. Throws UnknownModelError for an
   * unlisted model.
   */
  cost(provider: string, name: string, usage: ModelUsage): bigint {
    return costAt(this.require(provider, name), usage);
  }
}

/** Whether a model is retired on `day` (ISO day): its status says so, or its `retiresAt` has come. */
export function retiredBy(model: CatalogModel, day: string): boolean {
  return model.status === "retired" || (model.retiresAt !== null && model.retiresAt <= day);
}

/** The ISO day (UTC) of a moment, as the catalog's dates are written. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

/** A model's price of one call's usage, in integer micro-USD (tokens rounded up). */
export function costAt(model: CatalogModel, usage: ModelUsage): bigint {
  const p = model.prices;
  const tokenPart =
    count(usage.inputTokens) * p.inputPerMillion + count(usage.outputTokens) * p.outputPerMillion;
  const requests = count(usage.requests);
  const extraResults = count(usage.results) - requests * BigInt(model.includedResults);
  return (
    (tokenPart + 999_999n) / 1_000_000n +
    count(usage.searches) * p.perSearch +
    count(usage.groundedRequests) * p.perGroundedRequest +
    requests * requestFee(p, usage.searchContextSize) +
    (extraResults > 0n ? extraResults * p.perExtraResult : 0n) +
    count(usage.summaries) * p.perSummary
  );
}

/** The fee of one request: by its search context size when the model prices it so (the highest when unknown). */
function requestFee(prices: CatalogModel["prices"], size: SearchContextSize | undefined): bigint {
  const bySize = prices.perRequestByContextSize;
  if (!bySize) return prices.perRequest;
  if (size) return bySize[size];
  let highest = 0n;
  for (const s of SEARCH_CONTEXT_SIZES) if (bySize[s] > highest) highest = bySize[s];
  return highest;
}

function bigintsOf(
  fees: Record<SearchContextSize, number> | undefined,
): Record<SearchContextSize, bigint> | undefined {
  return fees && { low: BigInt(fees.low), medium: BigInt(fees.medium), high: BigInt(fees.high) };
}

type CatalogFile = z.infer<typeof fileSchema>;

/** Models of `over` replace those of `base` with the same id; defaults of `over` replace `base`'s. */
function merge(base: CatalogFile, over: CatalogFile): CatalogFile["providers"] {
  const out: CatalogFile["providers"] = {};
  for (const provider of CATALOG_PROVIDERS) {
    const a = base.providers[provider];
    const b = over.providers[provider];
    if (!a && !b) continue;
    const replaced = new Set((b?.models ?? []).map((m) => m.id));
    out[provider] = {
      defaults: { ...a?.defaults, ...b?.defaults },
      models: [...(a?.models ?? []).filter((m) => !replaced.has(m.id)), ...(b?.models ?? [])],
    };
  }
  return out;
}

function parse(data: unknown, where: string): CatalogFile {
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${where}: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  }
  return parsed.data;
}

/** The built-in catalog alone (tests that build connectors by hand use it). */
export const builtinModelCatalog = new ModelCatalog(parse(builtin, "models.json").providers);

/**
 * The catalog of this deployment: the built-in one, with `file` (GEO_MODEL_CATALOG_FILE)
 * merged over it when given. Throws with the first problem (config.ts reports it at start),
 * including a default model that is retired on `today` (the clock's ISO day, when given).
 */
export function loadModelCatalog(options: {
  file?: string | undefined;
  today?: string | undefined;
}): ModelCatalog {
  const catalog = options.file ? fromFile(options.file) : builtinModelCatalog;
  if (options.today) catalog.assertDefaultsLiveOn(options.today);
  return catalog;
}

function fromFile(file: string): ModelCatalog {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  return new ModelCatalog(merge(parse(builtin, "models.json"), parse(data, file)));
}
