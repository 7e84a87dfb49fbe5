import type { MetricChange } from "@geopulse/api-types";
import { describe, expect, it } from "vitest";
import { changesList } from "../src/commands/metrics-changes.js";
import { table } from "../src/format.js";

const window = {
  from: "2026-05-01",
  to: "2026-05-07",
  days: 7,
  ciLow: 0.5,
  ciHigh: 0.7,
  n: 280,
  intervalUnit: "prompt-and-day" as const,
};
const change: MetricChange = {
  id: "2026-05-07:cmp_1:perplexity:visibility",
  metric: "visibility",
  date: "2026-05-07",
  entity: { id: "cmp_1", name: "Globex", isSelf: false },
  engine: "perplexity",
  direction: "up",
  recent: { ...window, rate: 0.6 },
  baseline: { ...window, from: "2026-04-03", to: "2026-04-30", days: 28, rate: 0.2, n: 1120 },
  delta: { value: 0.4, ciLow: 0.33, ciHigh: 0.47 },
  z: 8.1,
  df: 33,
  pValue: 1e-9,
  qValue: 2e-9,
  method: "daily-rates-t-vs-trailing-baseline",
  movedPrompts: [
    { promptId: "prm_1", text: "Which analytics platform?", recent: 1, baseline: 0, change: 1 },
  ],
};

describe("metrics changes rows", () => {
  it("show the change in points with its interval, the rates and the top prompt", () => {
    const lines = table(changesList.columns, [changesList.row(change)]).split("\n");
    expect(lines[0]).toMatch(
      /^DATE\s+ENTITY\s+ENGINE\s+CHANGE\s+95% CI\s+VISIBILITY\s+Q\s+TOP PROMPT$/,
    );
    expect(lines[1]).toMatch(
      /^2026-05-07\s+Globex\s+perplexity\s+\+40\.0 pt\s+\+33\.0 pt to \+47\.0 pt\s+20\.0% → 60\.0%\s+<0\.0001\s+Which analytics platform\?$/,
    );
  });
});
