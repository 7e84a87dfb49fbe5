import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderFiguresTables, renderRulesTable, replaceBetween } from "./compliance-doc.js";

const DOC = new URL("../../../../docs/recommendations.md", import.meta.url);

// `UPDATE_COMPLIANCE_DOC=1 pnpm --filter @geopulse/server exec vitest run test/compliance/compliance-doc.test.ts`
// writes the tables; otherwise the test fails when they are stale.
describe("docs/recommendations.md, Compliance rules", () => {
  it("shows the rules, the corpus figures and the held-out figures as they are", () => {
    const doc = readFileSync(DOC, "utf8");
    let fresh = replaceBetween(doc, "compliance-rules", renderRulesTable());
    fresh = replaceBetween(fresh, "compliance-figures", renderFiguresTables("corpus"));
    fresh = replaceBetween(fresh, "compliance-holdout", renderFiguresTables("holdout"));
    if (process.env.UPDATE_COMPLIANCE_DOC === "1") writeFileSync(DOC, fresh);
    else expect(doc, "stale: rerun with UPDATE_COMPLIANCE_DOC=1").toBe(fresh);
  });
});
