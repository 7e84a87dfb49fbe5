import { Rng } from "../../src/prng.js";
import type { ReportChartSeries } from "../../src/reports/report-document.js";

/**
 * What the renderers' fixtures (render-fixtures.ts) share: one realistic document per report
 * type, as generation would build them: 30-day series with 95% intervals, a 300-row prompt
 * table, names with accents (Catalan, Spanish, French) and hostile text where engines and users
 * put text (brand names, prompts, URLs).
 */
export const HOSTILE_SCRIPT = "<script>alert(1)</script>";
export const HOSTILE_IMG = `"><img src=x onerror="document.title='pwned'">`;
export const ACCENTED = "Fàbrica Col·lectiva — Señor Ñandú, Café Crème & Garçon";
/** Outside Latin-1: the PDF replaces what its font cannot draw; the HTML shows it. */
export const BEYOND_LATIN1 = "Łódź 東京 😀";

export const BRAND = "Fàbrica Col·lectiva";
export const COMPETITORS = [
  "Señor Ñandú",
  "Café Crème & Co",
  HOSTILE_SCRIPT,
  HOSTILE_IMG,
  "Zürich Łódź Labs",
];
export const ENGINES = ["ChatGPT", "Claude", "Gemini", "Perplexity"];

/** The project's seeded generator: fixtures are the same on every run. */
export function seeded(seed: number): () => number {
  const rng = Rng.fromString(`report-fixture:${seed}`);
  return () => rng.next();
}

export const round1 = (v: number): number => Math.round(v * 10) / 10;

export const DAYS = Array.from({ length: 30 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 9, 25 + i));
  return d.toISOString().slice(0, 10);
});

export function series(
  name: string,
  base: number,
  seed: number,
  withInterval = true,
): ReportChartSeries {
  const rand = seeded(seed);
  let level = base;
  const values: Array<number | null> = [];
  const low: Array<number | null> = [];
  const high: Array<number | null> = [];
  DAYS.forEach((_, i) => {
    level = Math.min(95, Math.max(3, level + (rand() - 0.45) * 4));
    // A day without a run: a gap in the line.
    if (i === 11) {
      values.push(null);
      low.push(null);
      high.push(null);
      return;
    }
    const half = 3 + rand() * 4;
    values.push(round1(level));
    low.push(round1(Math.max(0, level - half)));
    high.push(round1(Math.min(100, level + half)));
  });
  return withInterval ? { name, values, low, high } : { name, values };
}

export const base = {
  workspace: { slug: "fabrica-collectiva", brand: BRAND },
  period: { from: DAYS[0] ?? "", to: DAYS[DAYS.length - 1] ?? "" },
  generatedAt: "2026-11-24T06:00:00.000Z",
  trigger: "schedule" as const,
};
