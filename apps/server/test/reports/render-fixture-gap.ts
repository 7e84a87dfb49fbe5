import type { ReportDocument } from "../../src/reports/report-document.js";
import type { SurfaceGap } from "../../src/services/metrics/surface-gaps.js";
import { surfaceGapBody } from "../../src/services/reports/build-surface-gap.js";
import { base, HOSTILE_IMG, HOSTILE_SCRIPT } from "./render-fixture-parts.js";

// The surface gap's fixture: its widest table (24 columns), a hostile domain and an empty pair.

const estimate = (value: number, half: number, n: number) => ({
  value,
  ciLow: Math.max(0, value - half),
  ciHigh: Math.min(1, value + half),
  n,
});
const difference = (value: number, half: number, n: number) => ({
  value,
  ciLow: value - half,
  ciHigh: value + half,
  n,
  significant: Math.abs(value) > half,
});

function gap(first: string, second: string, prompts: number): SurfaceGap {
  const answers = prompts * 3;
  return {
    family: first === "openai" ? "chatgpt" : "google_search",
    first: {
      engine: first,
      surface: first === "openai" ? "api" : "search_page",
      answers,
      visibility: estimate(0.62, 0.08, answers),
      shareOfVoice: estimate(0.31, 0.05, answers * 2),
    },
    second: {
      engine: second,
      surface: first === "openai" ? "consumer_app" : "search_page",
      answers,
      visibility: estimate(0.41, 0.09, answers),
      shareOfVoice: estimate(0.27, 0.06, answers * 2),
    },
    prompts,
    days: ["2026-11-20", "2026-11-21"],
    unpairedAnswers: { first: 2, second: 0 },
    visibility: difference(-0.21, 0.11, answers * 2),
    shareOfVoice: difference(-0.04, 0.07, answers * 2),
    intervalUnit: "prompt-and-day",
    domains: {
      shared: 9,
      onlyFirst: 14,
      onlySecond: 4,
      jaccard: 9 / 27,
      top: [
        { domain: "fabrica-collectiva.cat", first: 40, second: 31 },
        { domain: `${HOSTILE_SCRIPT}.example`, first: 3, second: 0 },
        { domain: `${HOSTILE_IMG}.example`, first: 0, second: 5 },
        ...Array.from({ length: 22 }, (_, i) => ({
          domain: `review-${i}.example`,
          first: 30 - i,
          second: i % 3 === 0 ? 0 : 20 - i,
        })),
      ],
    },
  };
}

export function surfaceGap(): ReportDocument {
  return {
    ...base,
    type: "surface_gap",
    title: "Surface gap",
    parameters: { from: "2026-11-20", to: "2026-11-21" },
    ...surfaceGapBody([
      gap("openai", "chatgpt_app", 40),
      gap("google_ai_overview", "google_ai_mode", 40),
    ]),
  };
}
