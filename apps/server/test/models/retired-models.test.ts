import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { AppContext } from "../../src/context.js";
import { builtinModelCatalog } from "../../src/engines/catalog/model-catalog.js";
import { listModels } from "../../src/services/models/list-models.js";
import { checkCatalogModels } from "../../src/services/workspace-config/check-catalog-models.js";
import { resolveMeasurementModel } from "../../src/services/workspace-config/default-measurement-model.js";

/**
 * A model whose `retiresAt` has come is refused like one whose status says retired, on the
 * clock's day: a workspace cannot pick it, and one that stored it runs the provider's default.
 * (gemini-2.5-flash is deprecated with retiresAt 2026-12-01 in the built-in catalog.)
 */
const catalog = builtinModelCatalog;
const stored = {
  engines: [{ engine: "gemini", model: "gemini-2.5-flash", enabled: true }],
  weights: { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 },
  assistant: { provider: "anthropic", model: "claude-sonnet-4-5" },
};

describe("models past their retirement day", () => {
  it("are allowed, listed and resolved until the day before", () => {
    expect(catalog.allowed("gemini", "gemini-2.5-flash", "answers", "2026-11-30")?.id).toBe(
      "gemini-2.5-flash",
    );
    expect(catalog.ids("gemini", "answers", "2026-11-30")).toContain("gemini-2.5-flash");
    const resolved = resolveMeasurementModel(stored, catalog, "2026-11-29");
    expect(resolved.engines[0]).toMatchObject({ engine: "gemini", model: "gemini-2.5-flash" });
    expect(resolved.assistant).toEqual({ provider: "anthropic", model: "claude-sonnet-4-5" });
  });

  it("are neither allowed nor listed from their day, and a stored one reads as the default", () => {
    expect(catalog.allowed("gemini", "gemini-2.5-flash", "answers", "2026-12-01")).toBeUndefined();
    expect(catalog.ids("gemini", "answers", "2026-12-01")).not.toContain("gemini-2.5-flash");
    const resolved = resolveMeasurementModel(stored, catalog, "2026-12-01");
    expect(resolved.engines[0]).toMatchObject({
      engine: "gemini",
      model: catalog.defaultId("gemini", "answers"),
    });
    expect(resolved.assistant).toEqual({
      provider: "anthropic",
      model: catalog.defaultId("anthropic", "chat"),
    });
  });

  it("are refused by PUT .../model's check, naming the field and the ids still allowed", () => {
    const fields = [
      { field: "body.engines[0].model", provider: "gemini", model: "gemini-2.5-flash" },
    ].map((f) => ({ ...f, use: "answers" as const }));
    expect(checkCatalogModels(catalog, fields, "2026-11-30")).toEqual(["gemini-2.5-flash"]);
    let refused: any;
    try {
      checkCatalogModels(catalog, fields, "2026-12-01");
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ status: 400 });
    expect(JSON.stringify(refused.details)).toContain("body.engines[0].model");
    expect(JSON.stringify(refused.details)).not.toContain('"gemini-2.5-flash"');
    expect(JSON.stringify(refused.details)).toContain("gemini-3.5-flash-lite");
  });

  it("are listed as retired by GET /api/v1/models from their day", () => {
    const statusOn = (day: string) => {
      const ctx = {
        config: { modelCatalog: catalog },
        clock: new ManualClock(`${day}T12:00:00Z`),
      } as unknown as AppContext;
      return listModels({ ctx }).data.find((m) => m.id === "gemini-2.5-flash")?.status;
    };
    expect(statusOn("2026-11-30")).toBe("deprecated");
    expect(statusOn("2026-12-01")).toBe("retired");
  });
});
