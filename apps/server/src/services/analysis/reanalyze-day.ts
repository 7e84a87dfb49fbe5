import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { loadSubjectWithDigest, type WorkspaceAnalyzer } from "./analysis-subject.js";
import { mapInSlices, yieldToEventLoop } from "./cpu-slices.js";
import { listStaleDays } from "./list-stale-days.js";
import {
  listDayAnswerIds,
  mentionKey,
  readDayRevision,
  readPromptFields,
  readStoredAnswers,
  type StoredAnswer,
} from "./read-day-answers.js";
import type { AnalysedAnswer } from "./rollup-rows.js";
import {
  classifyStoredCitations,
  factsKey,
  factsOf,
  rewriteStoredAnalyses,
  type StoredAnalysisChange,
} from "./store-analysis.js";
import { swapDayRollups } from "./swap-day-rollups.js";

/**
 * Answers read, analysed and written back per step (three reads, one statement): on the
 * embedded database each of those statements holds the only connection for about 0.1 ms per
 * answer of the page (100 answers: 10-11 ms on average, up to 51 ms beside a run).
 */
const PAGE = 50;
/** Tries before a day written to all the time is left for the next re-analysis. */
const MAX_ATTEMPTS = 8;

export interface ReanalyzeDayOptions {
  ctx: AppContext;
  workspaceId: string;
  /** `YYYY-MM-DD` (UTC), the day of the runs whose answers are analysed again. */
  day: string;
  /** Answers per step (default PAGE). */
  pageSize?: number;
  /** The largest rollup diff a swap applies in place (`swapDayRollups`). */
  inPlaceMaxRows?: number;
}

export interface ReanalyzeDayResult {
  /** Answers analysed (0 when the day was already current). */
  answers: number;
  /** Answers whose stored mentions, citation classes or version changed. */
  changed: number;
  /** The day's rollups are now those of the current subject and version. */
  done: boolean;
}

/**
 * Analyses every recorded answer of a workspace's day again with its current
 * subject at the current ANALYSIS_VERSION, in bounded steps that leave the
 * database and the event loop to requests in between:
 *
 * 1. list the day's answers; then, PAGE at a time, read them with their
 *    citations and stored mentions (three short queries), analyse them in
 *    CPU slices of at most SLICE_MS, and rewrite only the answers whose stored
 *    analysis changed (per page, one statement: `rewriteStoredAnalyses`);
 * 2. replace the day's rollups in one statement (`swapDayRollups`),
 *    which checks under the day lock that no answer was added since step 1
 *    (else the new ones are analysed and it tries again) and that the subject
 *    is still the one used (else the day starts over).
 *
 * A day already at the current version and subject is left alone. Idempotent.
 */
export async function reanalyzeDay({
  ctx,
  workspaceId,
  day,
  pageSize = PAGE,
  inPlaceMaxRows,
}: ReanalyzeDayOptions): Promise<ReanalyzeDayResult> {
  let analyzer: WorkspaceAnalyzer | undefined;
  let analysed = new Map<string, AnalysedAnswer>();
  let changed = 0;
  const prompts = new Map<string, { category: string; language: string; region: string | null }>();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { subject, digest } = await loadSubjectWithDigest(ctx.prisma, workspaceId);
    const current = ctx.analyzers.analyzerFor(subject, ctx.config.domainTaxonomy);
    if (current.fingerprint !== analyzer?.fingerprint) {
      analyzer = current;
      analysed = new Map();
      const stale = await listStaleDays({
        db: ctx.prisma,
        workspaceId,
        fingerprint: analyzer.fingerprint,
        day,
      });
      if (stale.length === 0) return { answers: 0, changed: 0, done: true };
    }
    // Read before the answers are listed: a writer adding answers later bumps it.
    const revision = await readDayRevision(ctx, workspaceId, day);
    const ids = await listDayAnswerIds(ctx.prisma, workspaceId, day);
    const listed = new Set(ids);
    for (const id of analysed.keys()) if (!listed.has(id)) analysed.delete(id);
    const missing = ids.filter((id) => !analysed.has(id));
    for (let i = 0; i < missing.length; i += pageSize) {
      const page = await analysePage({
        ctx,
        workspaceId,
        day,
        analyzer,
        prompts,
        ids: missing.slice(i, i + pageSize),
      });
      for (const [id, answer] of page.analysed) analysed.set(id, answer);
      changed += page.changed;
      await yieldToEventLoop();
    }
    const outcome = await swapDayRollups({
      ctx,
      workspaceId,
      day,
      answers: [...analysed.values()],
      fingerprint: analyzer.fingerprint,
      subjectDigest: digest,
      revision,
      inPlaceMaxRows,
    });
    await yieldToEventLoop();
    if (outcome === "done") return { answers: analysed.size, changed, done: true };
  }
  ctx.logger.warn({ workspaceId, day }, "re-analysis of a day left for later: it kept changing");
  return { answers: analysed.size, changed, done: false };
}

/** Reads, analyses and writes back one page of a day's answers. */
async function analysePage(options: {
  ctx: AppContext;
  workspaceId: string;
  day: string;
  analyzer: WorkspaceAnalyzer;
  prompts: Map<string, { category: string; language: string; region: string | null }>;
  ids: readonly string[];
}) {
  const { ctx, analyzer, prompts } = options;
  const stored = await readStoredAnswers(ctx.prisma, options.ids);
  const unknownPrompts = [...new Set(stored.map((a) => a.promptId))].filter(
    (id) => !prompts.has(id),
  );
  if (unknownPrompts.length > 0) {
    for (const p of await readPromptFields(ctx, unknownPrompts)) prompts.set(p.id, p);
  }
  const withPrompt = stored.filter((a) => prompts.has(a.promptId));
  const results = await mapInSlices(withPrompt, (answer) => {
    const prompt = prompts.get(answer.promptId) as NonNullable<ReturnType<typeof prompts.get>>;
    const analysis = analyzer.analyze({
      answer: answer.answer,
      citations: answer.citations.map((c) => ({ url: c.url, title: c.title })),
      language: prompt.language,
    });
    const rollup: AnalysedAnswer = {
      day: options.day,
      engine: answer.engine,
      promptId: answer.promptId,
      category: prompt.category,
      language: prompt.language,
      region: prompt.region,
      analysis,
    };
    return { id: answer.id, rollup, change: storedChange(answer, rollup) };
  });
  const changes = results.flatMap((r) => (r.change ? [r.change] : []));
  // An answer whose prompt is gone leaves the day's rollups: its facts leave the drill-down.
  const uncounted = stored
    .filter((a) => !prompts.has(a.promptId) && a.factsKey !== null)
    .map((a) => a.id);
  if (changes.length > 0 || uncounted.length > 0) {
    await rewriteStoredAnalyses(ctx.prisma, {
      workspaceId: options.workspaceId,
      day: options.day,
      changes,
      uncounted,
    });
  }
  return {
    analysed: results.map((r) => [r.id, r.rollup] as const),
    changed: changes.length,
  };
}

/** What differs between an answer's stored analysis and a fresh one (undefined: nothing). */
function storedChange(
  answer: StoredAnswer,
  rollup: AnalysedAnswer,
): StoredAnalysisChange | undefined {
  const { analysis } = rollup;
  const fresh = analysis.mentions.map(mentionKey).sort();
  const mentions =
    fresh.length !== answer.mentionKeys.length ||
    fresh.some((key, i) => key !== answer.mentionKeys[i]);
  const classes = classifyStoredCitations(
    analysis,
    answer.citations.map((c) => c.url),
  );
  const citations: StoredAnalysisChange["citations"] = [];
  answer.citations.forEach((c, i) => {
    const k = classes[i];
    const next = [
      k?.domain ?? null,
      k?.taxonomy ?? null,
      k?.entityId ?? null,
      k?.normalizedUrl ?? null,
    ] as const;
    if (
      c.domain !== next[0] ||
      c.taxonomy !== next[1] ||
      c.entityId !== next[2] ||
      c.normalizedUrl !== next[3]
    )
      citations.push([c.id, ...next]);
  });
  const facts = answer.factsKey !== factsKey(factsOf(rollup), analysis.version);
  const version = answer.analysisVersion !== ANALYSIS_VERSION;
  if (!mentions && citations.length === 0 && !facts && !version) return undefined;
  return { responseId: answer.id, analysis, rollup, mentions, citations, facts, version };
}
