import { GeoPulseError } from "@geopulse/sdk";
import { describe, expect, it } from "vitest";
import { mapFieldErrors } from "../../src/field-errors";
import {
  modelControlKeys,
  modelDraft,
  profileDraft,
  toModelUpdate,
  toProfile,
} from "../../src/settings-form";
import {
  competitorControlKeys,
  competitorDraft,
  settingsDraft,
  toCompetitor,
  toSettingsUpdate,
} from "../../src/workspace-form";

const stored = {
  displayName: "Acme",
  domains: ["acme.com", "acme.io"],
  languages: ["en", "es"] as ("en" | "es")[],
  regions: ["us"],
  gscProperty: "sc-domain:acme.com",
  ga4Property: "123456",
  activeSetSize: 50,
  complianceProfile: "eu_medical" as const,
  quotas: {
    discovery: 0.3,
    problem_solution: 0.2,
    use_case: 0.2,
    comparison: 0.1,
    expert: 0.1,
    brand_research: 0.1,
  },
  searchLocation: null,
  updatedAt: "2026-11-24T12:00:00.000Z",
};

const invalid = (fields: { field: string; rule: string; message: string }[]) =>
  new GeoPulseError({
    status: 400,
    code: "invalid_request",
    message: "The request is invalid.",
    requestId: "req_1",
    details: { fields },
  });

describe("the settings forms' drafts", () => {
  it("turn the stored settings into the PATCH unchanged, without the compliance profile or search location", () => {
    const update = toSettingsUpdate(settingsDraft(stored));
    const { updatedAt: _, complianceProfile: __, searchLocation: ___, ...rest } = stored;
    expect(update).toEqual(rest);
  });

  it("send typed lists as lists and numbers the API judges", () => {
    const draft = { ...settingsDraft(stored), domains: " a.com,\nb.com ,", activeSetSize: "" };
    const update = toSettingsUpdate(draft);
    expect(update.domains).toEqual(["a.com", "b.com"]);
    expect(update.activeSetSize).toBeNaN();
  });

  it("edit a stored competitor and send its four fields", () => {
    const record = {
      competitorId: "c1",
      name: "Globex",
      domains: ["globex.com"],
      aliases: ["Globex", "Globex Corp"],
      ambiguous: false,
      position: 0,
      createdAt: stored.updatedAt,
      updatedAt: stored.updatedAt,
    };
    const draft = competitorDraft(record);
    expect(draft.aliases).toBe("Globex, Globex Corp");
    expect(toCompetitor({ ...draft, aliases: "Globex, GX" })).toEqual({
      name: "Globex",
      domains: ["globex.com"],
      aliases: ["Globex", "GX"],
      ambiguous: false,
    });
  });

  it("place a competitor's 400 on its field, with or without a prefix", () => {
    const error = invalid([{ field: "body.aliases[1]", rule: "minLength", message: "too short" }]);
    expect(mapFieldErrors(error, competitorControlKeys("")).byControl).toEqual({
      aliases: ["item 2: too short"],
    });
    expect(competitorControlKeys("competitors[0]")).toContain("competitors[0].aliases");
  });

  it("clear empty profile texts to null and split the markets", () => {
    const empty = { description: null, category: null, positioning: null, markets: [] };
    const draft = profileDraft(empty);
    expect(toProfile(draft)).toEqual(empty);
    expect(toProfile({ ...draft, category: " analytics ", markets: "EU, US" })).toEqual({
      ...empty,
      category: "analytics",
      markets: ["EU", "US"],
    });
  });

  it("send the model's engines in the order shown so row errors land on their rows", () => {
    const model = {
      engines: [
        { engine: "openai" as const, model: "gpt-4.1-mini", enabled: true },
        { engine: "exa" as const, model: "exa", enabled: false },
      ],
      weights: { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 },
      assistant: { provider: "openai" as const, model: "gpt-4.1-mini" },
      isDefault: true,
    };
    const draft = modelDraft(model);
    const { isDefault: _, ...update } = model;
    expect(toModelUpdate(draft)).toEqual(update);
    const error = invalid([
      { field: "body.engines[1].model", rule: "pattern", message: "must match" },
      { field: "body.weights", rule: "sum", message: "The weights must sum to 1." },
    ]);
    expect(mapFieldErrors(error, modelControlKeys(draft)).byControl).toEqual({
      "engines[1].model": ["not in the expected form (see the hint)"],
      weights: ["The weights must sum to 1."],
    });
  });
});
