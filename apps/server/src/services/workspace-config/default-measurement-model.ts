import type { AssistantSetting, EngineSetting, ScoreWeights } from "@geopulse/api-types";
import type { ModelCatalog } from "../../engines/catalog/model-catalog.js";

/** A workspace's measurement model: which engines a run asks, the score weights, and the chat assistant's model. */
export interface MeasurementModelSettings {
  engines: EngineSetting[];
  weights: ScoreWeights;
  assistant: AssistantSetting;
}

/** The engines a workspace asks until it stores its own, in this order; each with its catalog default model. */
const defaultEngines: ReadonlyArray<{ engine: EngineSetting["engine"]; enabled: boolean }> = [
  { engine: "openai", enabled: true },
  { engine: "perplexity", enabled: true },
  { engine: "gemini", enabled: true },
  { engine: "anthropic", enabled: true },
  { engine: "exa", enabled: false },
  { engine: "grok", enabled: false },
  { engine: "google_ai_overview", enabled: false },
  { engine: "google_ai_mode", enabled: false },
  { engine: "chatgpt_app", enabled: false },
  { engine: "perplexity_app", enabled: false },
  { engine: "gemini_app", enabled: false },
  { engine: "copilot_app", enabled: false },
];
const defaultWeights: Readonly<ScoreWeights> = Object.freeze({
  visibility: 0.4,
  shareOfVoice: 0.3,
  position: 0.15,
  citation: 0.15,
});

/** The chat assistant's model until a workspace picks one: OpenAI's default chat model of the catalog. */
export function defaultAssistant(catalog: ModelCatalog): AssistantSetting {
  return { provider: "openai", model: catalog.defaultId("openai", "chat") };
}

/**
 * The model in force until a workspace stores its own (GET .../model answers it with
 * `isDefault: true`): every engine with the catalog's default model of its provider.
 */
export function defaultMeasurementModel(catalog: ModelCatalog): MeasurementModelSettings {
  return {
    engines: defaultEngines.map(({ engine, enabled }) => ({
      engine,
      model: catalog.defaultId(engine, "answers"),
      enabled,
    })),
    weights: { ...defaultWeights },
    assistant: defaultAssistant(catalog),
  };
}

/**
 * The stored model (Workspace.measurementModel), or the defaults when none is. A stored model
 * name the catalog does not allow (stored before the catalog, or since removed from it by the
 * operator, or retired on `day`, the clock's ISO day) is read as the provider's default model,
 * its canonical id when stored as an alias: what GET answers is what runs and the chat use
 * (docs/models.md). An engine the stored model does not name (one added since it was stored)
 * follows it, off, with its default model, so every engine can be turned on.
 */
export function resolveMeasurementModel(
  stored: unknown,
  catalog: ModelCatalog,
  day: string,
): MeasurementModelSettings & { isDefault: boolean } {
  const model = stored as Partial<MeasurementModelSettings> | null | undefined;
  // Models stored before the assistant setting existed have none: the default applies.
  const assistant = resolveAssistant(model?.assistant, catalog, day);
  if (model && Array.isArray(model.engines) && model.weights) {
    const named = new Set(model.engines.map((setting) => setting.engine));
    return {
      engines: [
        ...model.engines.map((setting) => ({
          ...setting,
          model:
            catalog.allowed(setting.engine, setting.model, "answers", day)?.id ??
            catalog.defaultId(setting.engine, "answers"),
        })),
        ...defaultEngines
          .filter(({ engine }) => !named.has(engine))
          .map(({ engine }) => ({
            engine,
            model: catalog.defaultId(engine, "answers"),
            enabled: false,
          })),
      ],
      weights: { ...model.weights },
      assistant,
      isDefault: false,
    };
  }
  return { ...defaultMeasurementModel(catalog), assistant, isDefault: true };
}

/** The stored score weights, or the default ones. */
export function resolveWeights(stored: unknown): ScoreWeights {
  const model = stored as Partial<MeasurementModelSettings> | null | undefined;
  return {
    ...(model && Array.isArray(model.engines) && model.weights ? model.weights : defaultWeights),
  };
}

function resolveAssistant(
  stored: AssistantSetting | undefined,
  catalog: ModelCatalog,
  day: string,
): AssistantSetting {
  if (!stored) return defaultAssistant(catalog);
  const listed = catalog.allowed(stored.provider, stored.model, "chat", day);
  return {
    provider: stored.provider,
    model: listed?.id ?? catalog.defaultId(stored.provider, "chat"),
  };
}
