import { enumValues } from "@geopulse/api-types";
import { describe, expect, it } from "vitest";
import {
  ENGINE_IDS,
  enginesOnSurface,
  REAL_ENGINE_IDS,
  SURFACES,
} from "../../src/engines/engine-registry.js";
import { REPORT_TYPES } from "../../src/services/reports/report-catalog.js";

/** The registry and the contract name the same engines, surfaces and report types, in order. */
describe("the engine registry and the contract", () => {
  it("agree on the engines, the measurement engines, the surfaces and the report types", () => {
    expect([...ENGINE_IDS]).toEqual([...enumValues.Engine]);
    expect(REAL_ENGINE_IDS).toEqual([...enumValues.MeasurementEngine]);
    expect([...SURFACES]).toEqual([...enumValues.Surface]);
    expect([...REPORT_TYPES]).toEqual([...enumValues.ReportType]);
    // Every engine reads exactly one surface.
    expect(SURFACES.flatMap(enginesOnSurface).sort()).toEqual([...ENGINE_IDS].sort());
  });
});
