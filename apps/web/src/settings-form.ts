import type { components } from "@geopulse/api-types";
import { splitList } from "./workspace-form";

type Schemas = components["schemas"];

/** The brand profile as typed: empty text is "not set" (null), markets a comma list. */
export interface ProfileDraft {
  description: string;
  category: string;
  positioning: string;
  markets: string;
}

export const profileDraft = (p: Schemas["BrandProfile"]): ProfileDraft => ({
  description: p.description ?? "",
  category: p.category ?? "",
  positioning: p.positioning ?? "",
  markets: p.markets.join(", "),
});

const textOrNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

export const toProfile = (d: ProfileDraft): Schemas["BrandProfile"] => ({
  description: textOrNull(d.description),
  category: textOrNull(d.category),
  positioning: textOrNull(d.positioning),
  markets: splitList(d.markets),
});

export const profileControlKeys = ["description", "category", "positioning", "markets"];

export const weightKeys = ["visibility", "shareOfVoice", "position", "citation"] as const;
export type WeightKey = (typeof weightKeys)[number];

/** The measurement model as typed: numbers as the text in their inputs. */
export interface ModelDraft {
  engines: Array<{ engine: Schemas["MeasurementEngine"]; model: string; enabled: boolean }>;
  weights: Record<WeightKey, string>;
  assistant: { provider: Schemas["AssistantSetting"]["provider"]; model: string };
}

export const modelDraft = (m: Schemas["MeasurementModel"]): ModelDraft => ({
  engines: m.engines.map((e) => ({ ...e })),
  weights: Object.fromEntries(weightKeys.map((k) => [k, String(m.weights[k])])) as Record<
    WeightKey,
    string
  >,
  assistant: { ...m.assistant },
});

/** The PUT: the engines in the order shown, so `engines[i]` errors land on row i. */
export const toModelUpdate = (d: ModelDraft): Schemas["MeasurementModelUpdate"] => ({
  engines: d.engines.map((e) => ({ ...e, model: e.model.trim() })),
  weights: Object.fromEntries(
    weightKeys.map((k) => [k, d.weights[k].trim() === "" ? Number.NaN : Number(d.weights[k])]),
  ) as Schemas["ScoreWeights"],
  assistant: { provider: d.assistant.provider, model: d.assistant.model.trim() },
});

export const modelControlKeys = (d: ModelDraft): string[] => [
  "engines",
  "weights",
  ...weightKeys.map((k) => `weights.${k}`),
  "assistant.provider",
  "assistant.model",
  ...d.engines.flatMap((_, i) => [`engines[${i}].model`, `engines[${i}].enabled`]),
];
