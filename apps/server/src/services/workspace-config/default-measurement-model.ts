import type { AssistantSetting, EngineSetting, ScoreWeights } from "@geopulse/api-types";

/** A workspace's measurement model: which engines a run asks, the score weights, and the chat assistant's model. */
export interface MeasurementModelSettings {
  engines: EngineSetting[];
  weights: ScoreWeights;
  assistant: AssistantSetting;
}

/** The chat assistant's model until a workspace picks one (services/chat). */
export const DEFAULT_ASSISTANT: Readonly<AssistantSetting> = Object.freeze({
  provider: "openai",
  model: "gpt-4.1-mini",
});

/**
 * The model in force until a workspace stores its own (GET .../model answers it
 * with `isDefault: true`). The run engine reads it through `resolveMeasurementModel`.
 */
export const DEFAULT_MEASUREMENT_MODEL: Readonly<MeasurementModelSettings> =
  Object.freeze<MeasurementModelSettings>({
    engines: [
      { engine: "openai", model: "gpt-4.1-mini", enabled: true },
      { engine: "perplexity", model: "sonar", enabled: true },
      { engine: "gemini", model: "gemini-2.5-flash", enabled: true },
      { engine: "anthropic", model: "claude-sonnet-4", enabled: true },
      { engine: "exa", model: "exa", enabled: false },
    ],
    weights: { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 },
    assistant: DEFAULT_ASSISTANT,
  });

/** The stored model (Workspace.measurementModel), or a copy of the defaults when none is. */
export function resolveMeasurementModel(stored: unknown): MeasurementModelSettings & {
  isDefault: boolean;
} {
  const model = stored as Partial<MeasurementModelSettings> | null | undefined;
  // Models stored before the assistant setting existed have none: the default applies.
  const assistant = { ...(model?.assistant ?? DEFAULT_ASSISTANT) };
  if (model && Array.isArray(model.engines) && model.weights) {
    return {
      engines: model.engines.map((engine) => ({ ...engine })),
      weights: { ...model.weights },
      assistant,
      isDefault: false,
    };
  }
  return {
    engines: DEFAULT_MEASUREMENT_MODEL.engines.map((engine) => ({ ...engine })),
    weights: { ...DEFAULT_MEASUREMENT_MODEL.weights },
    assistant,
    isDefault: true,
  };
}
