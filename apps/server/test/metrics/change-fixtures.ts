import { ANALYSIS_VERSION, type AnswerAnalysis } from "../../src/analysis/types.js";
import { addDays } from "../../src/days.js";
import { newId } from "../../src/ids.js";
import { Rng } from "../../src/prng.js";
import {
  fingerprintOf,
  loadAnalysisSubject,
} from "../../src/services/analysis/analysis-subject.js";
import { type AnalysedAnswer, buildRollupRows } from "../../src/services/analysis/rollup-rows.js";
import { addRollupRows, lockMetricDay } from "../../src/services/analysis/write-rollups.js";
import type { TestServer } from "../harness/test-server.js";

/**
 * Daily visibility drawn from known true rates (one Bernoulli draw per entity
 * and answer, like the simulated engine's model), written as rollups by the
 * pipeline's own functions (buildRollupRows, lockMetricDay, addRollupRows):
 * `days` days ending on `lastDay`, `prompts` prompts × the engines × 2
 * repetitions a day. With `jump`, one entity's true visibility moves by
 * `points` on one engine from day index `fromDay` (0-based) on.
 */
export interface SeededVisibility {
  days: number;
  lastDay: string;
  prompts: number;
  engines: readonly string[];
  /** True visibility per entity name: the brand (`self`) and competitors by name. */
  rates: Record<string, number>;
  jump?: { entity: string; engine: string; points: number; fromDay: number };
  seed: string;
  /**
   * Mark the days analysed with the workspace's current subject, as the recorder does (by
   * default they are left unknown, so a re-analysis would redo them).
   */
  markAnalysed?: boolean;
}

export const CHANGE_CATEGORY = "comparison";

/** Seeds prompts and the days' rollups; returns the prompts (id and text) and entity ids by name. */
export async function seedVisibility(t: TestServer, slug: string, options: SeededVisibility) {
  const prisma = t.server.ctx.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({
    where: { slug },
    include: { competitors: true },
  });
  const ids: Record<string, string> = { self: "self" };
  for (const c of workspace.competitors) ids[c.name] = c.id;
  const now = t.clock.now();
  const prompts = Array.from({ length: options.prompts }, (_, i) => {
    const text = `Which analytics platform suits team ${i} (${slug})?`;
    return {
      id: newId("prm", t.clock),
      workspaceId: workspace.id,
      text,
      textKey: text.toLowerCase(),
      category: CHANGE_CATEGORY,
      language: "en",
      region: null,
      tags: [],
      active: true,
      source: "manual",
      createdAt: now,
      updatedAt: now,
    };
  });
  await prisma.prompt.createMany({ data: prompts });
  const fingerprint = options.markAnalysed
    ? fingerprintOf(
        await loadAnalysisSubject(prisma, workspace.id),
        t.server.ctx.config.domainTaxonomy,
      )
    : undefined;
  const rng = Rng.fromString(options.seed);
  const first = addDays(options.lastDay, 1 - options.days);
  for (let d = 0; d < options.days; d++) {
    const day = addDays(first, d);
    const answers: AnalysedAnswer[] = [];
    for (const prompt of prompts) {
      for (const engine of options.engines) {
        for (let r = 0; r < 2; r++) {
          const mentions: AnswerAnalysis["mentions"] = [];
          for (const [name, base] of Object.entries(options.rates)) {
            const jump = options.jump;
            const moved = jump?.entity === name && jump.engine === engine && d >= jump.fromDay;
            const p = base + (moved ? (jump?.points ?? 0) / 100 : 0);
            if (rng.next() >= p) continue;
            mentions.push({
              entityId: ids[name] as string,
              isSelf: name === "self",
              count: 1,
              firstOffset: 0,
              rank: mentions.length + 1,
              sentiment: "neutral",
              stance: "mentioned" as const,
              recommendedRank: null,
            });
          }
          answers.push({
            day,
            engine,
            promptId: prompt.id,
            category: prompt.category,
            language: prompt.language,
            region: prompt.region,
            analysis: { version: ANALYSIS_VERSION, mentions, citations: [] },
          });
        }
      }
    }
    await prisma.$transaction(async (tx) => {
      await lockMetricDay(tx, {
        workspaceId: workspace.id,
        version: ANALYSIS_VERSION,
        day,
        now,
      });
      await addRollupRows(tx, {
        workspaceId: workspace.id,
        version: ANALYSIS_VERSION,
        rows: buildRollupRows(answers),
        ...(fingerprint ? { fingerprint } : {}),
      });
    });
  }
  return { workspaceId: workspace.id, ids, prompts, first };
}
