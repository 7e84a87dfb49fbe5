import { describe, expect, it } from "vitest";
import { actionsFor } from "../../src/recommendation-labels";

describe("actionsFor", () => {
  it("follows proposed → accepted → in progress → done, dismissable while open", () => {
    expect(actionsFor("proposed")).toEqual(["accept", "dismiss"]);
    expect(actionsFor("accepted")).toEqual(["start", "dismiss"]);
    expect(actionsFor("in_progress")).toEqual(["done", "dismiss"]);
  });
  it("offers nothing once closed or while awaiting compliance review", () => {
    for (const status of ["done", "dismissed", "flagged"] as const)
      expect(actionsFor(status)).toEqual([]);
  });
});
