import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { eachDay } from "../../days.js";
import { engineProfile, SURFACES, type Surface } from "../../engines/engine-registry.js";
import {
  type CellCount,
  type ResamplingUnit,
  type TwoWayEstimate,
  twoWayRatio,
  twoWayRatioDifference,
} from "../../metrics/two-way-variance.js";
import { currentRollupRowsSql } from "../analysis/rollup-tables.js";
import type { Estimate } from "../recommendations/derivation-stats.js";
import { type RollupImpactCell, rollupRatio } from "../recommendations/impact-cells.js";
import { loadRollupCells } from "../recommendations/load-impact-cells.js";

/** One engine of a pair, on the prompts and days both engines answered. */
export interface SurfaceGapSide {
  engine: string;
  surface: Surface;
  /** Answers on the paired prompts and days. */
  answers: number;
  /** Answers naming the brand / answers, with a 95% interval over prompts and days. */
  visibility: Estimate;
  /** The brand's mentioned answers / every tracked entity's, with a 95% interval over prompts and days. */
  shareOfVoice: Estimate;
}

/** A difference (second minus first) with its 95% paired interval; `n` 0 when a side measured nothing. */
export interface SurfaceDifference extends Estimate {
  /** The interval leaves out 0, on at least MIN_PAIRED_PROMPTS paired prompts. */
  significant: boolean;
}

export interface SurfaceDomainOverlap {
  /** Domains cited by both engines on the paired days. */
  shared: number;
  onlyFirst: number;
  onlySecond: number;
  /** shared / (shared + onlyFirst + onlySecond); null when neither cited anything. */
  jaccard: number | null;
  /** The most-cited domains of either engine: answers citing each, per engine. */
  top: Array<{ domain: string; first: number; second: number }>;
}

/**
 * Two engines of one assistant family (engines/engine-registry.ts), such as OpenAI's API and
 * the ChatGPT app, measured on the same prompts on the same days.
 */
export interface SurfaceGap {
  family: string;
  first: SurfaceGapSide;
  second: SurfaceGapSide;
  /** Prompts both engines answered on at least one common day (the intervals' clusters). */
  prompts: number;
  /** Days on which both answered at least one common prompt. */
  days: string[];
  /** Answers left out: their prompt was not answered by the other engine that day. */
  unpairedAnswers: { first: number; second: number };
  visibility: SurfaceDifference;
  shareOfVoice: SurfaceDifference;
  /** The clusters the intervals account for: prompts and days (one of them when there is one). */
  intervalUnit: ResamplingUnit;
  domains: SurfaceDomainOverlap;
}

type Counts = { visibility: CellCount; shareOfVoice: CellCount };
/** One prompt's counts on both engines on one day both answered it. */
type CellPair = { prompt: string; day: string; first: Counts; second: Counts };

const surfaceOrder = (engine: string) => SURFACES.indexOf(engineProfile(engine).surface);

/** Every two engines of one family that answered in `cells`, the API-side engine first. */
export function enginePairs(engines: Iterable<string>): Array<[string, string]> {
  const byFamily = new Map<string, string[]>();
  for (const engine of new Set(engines)) {
    const family = engineProfile(engine).family;
    byFamily.set(family, [...(byFamily.get(family) ?? []), engine]);
  }
  const pairs: Array<[string, string]> = [];
  for (const members of [...byFamily.values()]) {
    members.sort((a, b) => surfaceOrder(a) - surfaceOrder(b) || (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 0; i < members.length; i++)
      for (let j = i + 1; j < members.length; j++)
        pairs.push([members[i] as string, members[j] as string]);
  }
  return pairs.sort(([a1, b1], [a2, b2]) =>
    a1 !== a2 ? (a1 < a2 ? -1 : 1) : b1 < b2 ? -1 : b1 > b2 ? 1 : 0,
  );
}

/** Adds a cell's visibility and share of voice, as the metrics define them, to a prompt's. */
function add(into: Counts, cell: RollupImpactCell): void {
  for (const [metric, ratio] of [
    ["visibility", rollupRatio("visibility", cell)],
    ["shareOfVoice", rollupRatio("share_of_voice", cell)],
  ] as const) {
    into[metric].x += ratio.numerator;
    into[metric].n += ratio.denominator;
  }
}

const zero = (): Counts => ({ visibility: { x: 0, n: 0 }, shareOfVoice: { x: 0, n: 0 } });

/**
 * Fewest paired prompts a difference may be called significant on: below it the variance over
 * prompts rests on too few clusters to trust.
 */
export const MIN_PAIRED_PROMPTS = 10;

/** No difference: a side measured nothing (no answers, or no entity mentioned at all). */
const NO_DIFFERENCE: SurfaceDifference = Object.freeze({
  value: 0,
  ciLow: 0,
  ciHigh: 0,
  n: 0,
  significant: false,
});

const difference = (gap: TwoWayEstimate, prompts: number, n: number): SurfaceDifference => ({
  value: gap.value,
  ciLow: gap.ciLow,
  ciHigh: gap.ciHigh,
  n,
  significant: prompts >= MIN_PAIRED_PROMPTS && (gap.ciLow > 0 || gap.ciHigh < 0),
});

/**
 * The gap between two engines on the prompts both answered on the same day (a prompt one of them
 * did not answer that day is left out of both sides and counted as unpaired): each side's
 * visibility and share of voice, and second minus first, as rates of the period's long run, with
 * 95% intervals from the two-way variance over prompts and days (`twoWayRatio`,
 * `twoWayRatioDifference`): a prompt's and a day's cells move together, so the prompts' own
 * difficulty cancels out of the difference while each engine's state from day to day does not.
 * Pure and deterministic.
 */
export function pairGap(
  pair: [string, string],
  cells: ReadonlyMap<string, readonly RollupImpactCell[]>,
): Omit<SurfaceGap, "domains"> {
  const [first, second] = pair;
  const paired: CellPair[] = [];
  const days: string[] = [];
  const unpaired = { first: 0, second: 0 };
  for (const [day, dayCells] of cells) {
    const mine = new Map<string, RollupImpactCell>();
    const theirs = new Map<string, RollupImpactCell>();
    for (const c of dayCells) {
      if (c.engine === first) mine.set(c.promptId, c);
      else if (c.engine === second) theirs.set(c.promptId, c);
    }
    let any = false;
    for (const [promptId, a] of mine) {
      const b = theirs.get(promptId);
      if (!b) {
        unpaired.first += a.responses;
        continue;
      }
      any = true;
      const pairCounts = { prompt: promptId, day, first: zero(), second: zero() };
      add(pairCounts.first, a);
      add(pairCounts.second, b);
      paired.push(pairCounts);
    }
    for (const [promptId, b] of theirs) if (!mine.has(promptId)) unpaired.second += b.responses;
    if (any) days.push(day);
  }
  const prompts = new Set(paired.map((c) => c.prompt)).size;
  const sideOf = (pick: "first" | "second", metric: keyof Counts) =>
    paired.map((c) => ({ prompt: c.prompt, day: c.day, ...c[pick][metric] }));
  const estimate = (pick: "first" | "second", metric: keyof Counts) => {
    const cellsOfSide = sideOf(pick, metric);
    const { value, ciLow, ciHigh, unit } = twoWayRatio(cellsOfSide);
    const n = cellsOfSide.reduce((total, c) => total + c.n, 0);
    return { estimate: { value, ciLow, ciHigh, n } satisfies Estimate, unit };
  };
  // The first side's visibility also says the gap's interval unit.
  const firstVisibility = estimate("first", "visibility");
  const side = (engine: string, pick: "first" | "second"): SurfaceGapSide => ({
    engine,
    surface: engineProfile(engine).surface,
    answers: paired.reduce((n, c) => n + c[pick].visibility.n, 0),
    visibility: (pick === "first" ? firstVisibility : estimate(pick, "visibility")).estimate,
    shareOfVoice: estimate(pick, "shareOfVoice").estimate,
  });
  const gap = (metric: keyof Counts) => {
    const measured = (pick: "first" | "second") => paired.some((c) => c[pick][metric].n > 0);
    if (!measured("first") || !measured("second")) return NO_DIFFERENCE;
    const pairs = paired.map((c) => ({
      prompt: c.prompt,
      day: c.day,
      a: c.second[metric],
      b: c.first[metric],
    }));
    const n = pairs.reduce((total, c) => total + c.a.n + c.b.n, 0);
    return difference(twoWayRatioDifference(pairs), prompts, n);
  };
  return {
    family: engineProfile(first).family,
    first: side(first, "first"),
    second: side(second, "second"),
    prompts,
    days: days.sort(),
    unpairedAnswers: unpaired,
    visibility: gap("visibility"),
    shareOfVoice: gap("shareOfVoice"),
    intervalUnit: paired.length > 0 ? firstVisibility.unit : "answer",
  };
}

/** Answers citing each domain, per engine, on the given days (the domain rollups). */
async function loadCitedDomains(options: {
  ctx: AppContext;
  workspaceId: string;
  days: readonly string[];
  engines: readonly string[];
}): Promise<Map<string, Map<string, number>>> {
  const rows = await options.ctx.prisma.$queryRawUnsafe<
    Array<{ engine: string; domain: string; cited: number }>
  >(
    `SELECT engine, domain, sum(cited_responses)::int AS cited
     FROM ${currentRollupRowsSql("metric_group_domain_counts", "d.day = ANY($3::date[])")} AS t
     WHERE category <> 'brand_research' AND engine = ANY($4::text[])
     GROUP BY engine, domain`,
    options.workspaceId,
    ANALYSIS_VERSION,
    [...options.days],
    [...options.engines],
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const domains = out.get(r.engine) ?? new Map<string, number>();
    domains.set(r.domain, Number(r.cited));
    out.set(r.engine, domains);
  }
  return out;
}

/** How far two engines' cited domains overlap, and the `limit` most-cited of either. */
export function domainOverlap(
  first: ReadonlyMap<string, number>,
  second: ReadonlyMap<string, number>,
  limit: number,
): SurfaceDomainOverlap {
  const all = new Set([...first.keys(), ...second.keys()]);
  let shared = 0;
  for (const d of all) if (first.has(d) && second.has(d)) shared++;
  const top = [...all]
    .map((domain) => ({ domain, first: first.get(domain) ?? 0, second: second.get(domain) ?? 0 }))
    .sort((a, b) => b.first + b.second - (a.first + a.second) || (a.domain < b.domain ? -1 : 1))
    .slice(0, limit);
  return {
    shared,
    onlyFirst: first.size - shared,
    onlySecond: second.size - shared,
    jaccard: all.size > 0 ? shared / all.size : null,
    top,
  };
}

/**
 * Every pair of engines of one assistant family measured in the period (`from`..`to`, UTC days),
 * from the rollups at the current analysis version with `brand_research` prompts left out (as
 * the metrics): per pair, the paired differences in visibility and share of voice with their
 * intervals, and the overlap of the domains each cited on the days both answered.
 */
export async function getSurfaceGaps(options: {
  ctx: AppContext;
  workspaceId: string;
  from: string;
  to: string;
  /** Most domains listed per pair. */
  topDomains: number;
}): Promise<SurfaceGap[]> {
  const { ctx, workspaceId } = options;
  const cells = await loadRollupCells({
    ctx,
    workspaceId,
    target: { promptIds: [], engines: [] },
    days: eachDay(options.from, options.to),
  });
  const engines = [...cells.values()].flatMap((day) => day.map((c) => c.engine));
  const gaps = enginePairs(engines).map((pair) => pairGap(pair, cells));
  const out: SurfaceGap[] = [];
  for (const gap of gaps) {
    const domains = gap.days.length
      ? await loadCitedDomains({
          ctx,
          workspaceId,
          days: gap.days,
          engines: [gap.first.engine, gap.second.engine],
        })
      : new Map<string, Map<string, number>>();
    out.push({
      ...gap,
      domains: domainOverlap(
        domains.get(gap.first.engine) ?? new Map(),
        domains.get(gap.second.engine) ?? new Map(),
        options.topDomains,
      ),
    });
  }
  return out;
}
