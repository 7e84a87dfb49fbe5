import type { Prisma } from "@geopulse/db";
import type { DomainTaxonomyList } from "../../analysis/domain-taxonomy.js";
import { ANALYSIS_VERSION, type AnswerAnalysis } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import type { JsonRowSet } from "../sql/insert-json-rows.js";
import {
  type AnalyzerCache,
  loadAnalysisSubject,
  loadSubjectWithDigest,
  SUBJECT_DIGEST_SQL,
  type WorkspaceAnalyzer,
} from "./analysis-subject.js";
import { mapInSlices } from "./cpu-slices.js";
import { type AnalysedAnswer, buildRollupRows } from "./rollup-rows.js";
import {
  type CitationClass,
  classifyStoredCitations,
  factRows,
  mentionRows,
} from "./store-analysis.js";
import { addRollupRows, lockMetricDay } from "./write-rollups.js";

type Db = AppContext["prisma"] | Prisma.TransactionClient;

export interface RecordedAnswer {
  responseId: string;
  engine: string;
  promptId: string;
  prompt: { category: string; language: string; region: string | null };
  answer: string;
  citations: ReadonlyArray<{ url: string; title: string | null; engineUrl?: string | null }>;
}

export interface RecordedAnalysis {
  /** Each answer's citation classes, for the caller to store with its citations. */
  classes: Map<string, CitationClass[]>;
  /** The answers' mention rows, for the caller to insert with its other rows. */
  mentions: JsonRowSet;
  /** The answers' `response_facts` rows, likewise. */
  facts: JsonRowSet;
}

/** Answers analysed before their recording transaction, with the subject they were analysed with. */
export interface PreparedAnalyses {
  /** The subject's digest (SUBJECT_DIGEST_SQL) when it was read. */
  digest: string;
  analyzer: WorkspaceAnalyzer;
  analyses: Map<string, AnswerAnalysis>;
}

/**
 * Analyses answers about to be recorded, outside the transaction that records
 * them and in CPU slices: on the embedded database a transaction holds the
 * only connection, so the CPU-bound analysis should not run inside it.
 */
export async function analyzeBeforeRecording(options: {
  db: Db;
  workspaceId: string;
  answers: readonly RecordedAnswer[];
  analyzers: AnalyzerCache;
  taxonomy?: DomainTaxonomyList;
}): Promise<PreparedAnalyses> {
  const { subject, digest } = await loadSubjectWithDigest(options.db, options.workspaceId);
  const analyzer = options.analyzers.analyzerFor(subject, options.taxonomy);
  const analysed = await mapInSlices(
    options.answers,
    (a) => [a.responseId, analyzeOne(analyzer, a)] as const,
  );
  return { digest, analyzer, analyses: new Map(analysed) };
}

export interface AnalyzeRecordedAnswersOptions {
  tx: Prisma.TransactionClient;
  now: Date;
  workspaceId: string;
  /** UTC day of the answers' run, `YYYY-MM-DD` (the rollup day). */
  day: string;
  answers: readonly RecordedAnswer[];
  /** The server's analyzers (ctx.analyzers). */
  analyzers: AnalyzerCache;
  /** config.domainTaxonomy (the built-in list when omitted). */
  taxonomy?: DomainTaxonomyList;
  /** The answers analysed before the transaction (analyzeBeforeRecording). */
  prepared?: PreparedAnalyses | undefined;
  /**
   * False for a confirmation run's answers (adaptive sampling): analysed for their mentions
   * and citations, but no rollup or fact counts them (docs/metrics.md, "Adaptive sampling").
   */
  counted?: boolean;
}

/**
 * Adds a batch of just-recorded answers of one run to the day's rollups inside
 * the transaction that records them (which marked their analysis version), with
 * one statement for every table, so the day lock is taken once per batch rather
 * than once per answer. The analyses made before the transaction are used when
 * the subject is still the one they were made with; otherwise (an edit in
 * between) the answers are analysed again here. Returns each answer's citation
 * classes and mention rows, which the caller stores with the answers' other
 * rows in one statement.
 */
export async function analyzeRecordedAnswers(
  options: AnalyzeRecordedAnswersOptions,
): Promise<RecordedAnalysis> {
  const { tx, workspaceId, day, answers, prepared } = options;
  const classes = new Map<string, CitationClass[]>();
  if (answers.length === 0)
    return { classes, mentions: mentionRows(workspaceId, []), facts: factRows(workspaceId, []) };
  const counted = options.counted ?? true;
  // The day lock first, then the subject: a re-analysis of the day holds the
  // lock while it swaps the day's rollups, so these answers are analysed with
  // the subject in force once it is done (an edit committed before the lock
  // is read here; one after it re-analyses the day), and the day never
  // silently mixes subjects.
  const locked = counted
    ? await lockMetricDay(tx, { workspaceId, version: ANALYSIS_VERSION, day, now: options.now })
    : undefined;
  const [current] = await tx.$queryRawUnsafe<Array<{ digest: string }>>(
    `SELECT ${SUBJECT_DIGEST_SQL} AS digest FROM workspaces w WHERE w.id = $1`,
    workspaceId,
  );
  const usable =
    prepared &&
    prepared.digest === current?.digest &&
    answers.every((a) => prepared.analyses.has(a.responseId))
      ? prepared
      : undefined;
  const analyzer =
    usable?.analyzer ??
    options.analyzers.analyzerFor(await loadAnalysisSubject(tx, workspaceId), options.taxonomy);
  const analysed = answers.map((a) => {
    const analysis = usable?.analyses.get(a.responseId) ?? analyzeOne(analyzer, a);
    const rollup: AnalysedAnswer = {
      day,
      engine: a.engine,
      promptId: a.promptId,
      category: a.prompt.category,
      language: a.prompt.language,
      region: a.prompt.region,
      analysis,
    };
    return { ...a, analysis, rollup };
  });
  for (const a of analysed) {
    classes.set(
      a.responseId,
      classifyStoredCitations(
        a.analysis,
        a.citations.map((c) => c.url),
      ),
    );
  }
  if (locked)
    await addRollupRows(tx, {
      workspaceId,
      version: ANALYSIS_VERSION,
      generation: locked.generation,
      fingerprint: analyzer.fingerprint,
      rows: buildRollupRows(analysed.map((a) => a.rollup)),
    });
  return {
    classes,
    mentions: mentionRows(
      workspaceId,
      analysed.map((a) => ({ responseId: a.responseId, analysis: a.analysis })),
    ),
    facts: factRows(workspaceId, locked ? analysed : []),
  };
}

const analyzeOne = (analyzer: WorkspaceAnalyzer, a: RecordedAnswer) =>
  analyzer.analyze({
    answer: a.answer,
    citations: a.citations.map((c) => ({ url: c.url, title: c.title })),
    language: a.prompt.language,
  });
