import type { RecommendationDerivation } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { runToEnd } from "../../metrics/steps.js";
import { runInSlices } from "../analysis/cpu-slices.js";
import type { WorkspaceOperation } from "../operation.js";
import { lockWorkspace } from "../workspace-config/lock-workspace.js";
import type { DerivationCandidate } from "./derivation-candidate.js";
import { deriveCorrectClaim } from "./derive-correct-claim.js";
import { deriveCreateContent } from "./derive-create-content.js";
import { deriveEarnCitation } from "./derive-earn-citation.js";
import { deriveEngineGap } from "./derive-engine-gap.js";
import { deriveFixSentiment } from "./derive-fix-sentiment.js";
import { deriveImprovePage } from "./derive-improve-page.js";
import { findRecommendationCompliance } from "./find-recommendation-compliance.js";
import { type DerivationData, loadDerivationData } from "./load-derivation-data.js";
import { canonicalTarget, fingerprintOf } from "./recommendation-rules.js";
import {
  type DerivedRecommendation,
  upsertDerivedRecommendations,
} from "./upsert-derived-recommendation.js";

/** A short transaction may still wait long for the embedded database on a busy machine. */
const WRITE_TIMEOUTS = { timeout: 60_000, maxWait: 60_000 };
/** Reads of the data before the last one, which reads it under the workspace lock. */
const DERIVE_ATTEMPTS = 3;

/** A rule in steps: a generator that yields between its costly steps (see `derive`). */
type DerivationRule = (data: DerivationData) => Generator<void, DerivationCandidate[]>;

/** A rule that costs one short step. */
const inOneStep = (rule: (data: DerivationData) => DerivationCandidate[]): DerivationRule =>
  // biome-ignore lint/correctness/useYield: one step, nothing to yield between
  function* (data) {
    return rule(data);
  };

/** Every kind's rule, in the order their recommendations are stored. */
const rules: DerivationRule[] = [
  inOneStep(deriveCreateContent),
  deriveEarnCitation,
  inOneStep(deriveImprovePage),
  deriveEngineGap,
  inOneStep(deriveFixSentiment),
  inOneStep(deriveCorrectClaim),
];

/** The candidates of every kind from one day's data: pure, the same data gives the same list. */
export function deriveCandidates(data: DerivationData): DerivationCandidate[] {
  return runToEnd(candidateSteps(data));
}

function* candidateSteps(data: DerivationData): Generator<void, DerivationCandidate[]> {
  const candidates: DerivationCandidate[] = [];
  for (const rule of rules) candidates.push(...(yield* rule(data)));
  return candidates;
}

/** What one derivation stores: the capped candidates by fingerprint, the others with their compliance findings. */
interface Derived {
  data: DerivationData | null;
  capped: string[];
  stored: DerivedRecommendation[];
}

/**
 * The candidates of the data, with their compliance findings: pure, in CPU slices (a day's
 * bootstrap intervals cost 80 ms in one synchronous call on the 2-core machine, which every
 * request waited for).
 */
function derive(data: DerivationData | null): Promise<Derived> {
  return runInSlices(derivedSteps(data));
}

function* derivedSteps(data: DerivationData | null): Generator<void, Derived> {
  const derived: Derived = { data, capped: [], stored: [] };
  if (!data) return derived;
  const others = [...data.competitors.values()];
  for (const candidate of yield* candidateSteps(data)) {
    const { recommendation } = candidate;
    if (candidate.capped) {
      derived.capped.push(
        fingerprintOf(recommendation.kind, canonicalTarget(recommendation.target)),
      );
      continue;
    }
    const complianceFindings = findRecommendationCompliance({
      complianceProfile: data.complianceProfile,
      language: recommendation.language,
      texts: candidate.checked,
      ...(candidate.claimAnswers
        ? { answers: candidate.claimAnswers, brand: { names: data.brand.names, others } }
        : {}),
    });
    derived.stored.push({ ...recommendation, complianceFindings });
    yield;
  }
  return derived;
}

/**
 * What a derivation's data depends on, in one short read: the latest measured day, its
 * revision (a recorded batch or a rollup swap bumps it) and its subject fingerprint (a
 * re-analysis rewriting its answers' mentions marks it unknown first), the succeeded page
 * evaluations, and the last edits of the workspace, its competitors and its prompts.
 */
async function derivationStamp(db: Prisma.TransactionClient, workspaceId: string): Promise<string> {
  const [row] = await db.$queryRawUnsafe<Array<{ stamp: string }>>(
    `SELECT concat_ws('|',
       coalesce((SELECT day::text || ':' || revision || ':' || coalesce(subject_fingerprint, '?')
                 FROM metric_days
                 WHERE workspace_id = $1 AND analysis_version = $2::int AND responses > 0
                 ORDER BY day DESC LIMIT 1), '-'),
       (SELECT count(*) || ':' || coalesce(max(finished_at)::text, '-') FROM page_evaluations
        WHERE workspace_id = $1 AND status = 'succeeded'),
       coalesce((SELECT updated_at::text FROM workspaces WHERE id = $1), '-'),
       (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '-') FROM competitors
        WHERE workspace_id = $1),
       (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '-') FROM prompts
        WHERE workspace_id = $1)) AS stamp`,
    workspaceId,
    ANALYSIS_VERSION,
  );
  return row?.stamp ?? "";
}

/**
 * Derives a workspace's recommendations from the stored analysis of its latest
 * measured day (docs/recommendations.md, Derivation) and stores them by
 * fingerprint: new ones created, open ones updated, dismissed ones proposed
 * again only on a material change of evidence, open ones the day no longer
 * supports marked stale (`staleSince`). Never calls a model. Run by the worker
 * after every completed run and by `POST .../recommendations/derive`.
 *
 * The data is read and derived before the transaction (the answers of a day are
 * the costly part, and on the embedded database a transaction holds the only
 * connection); the transaction takes the workspace lock and stores only when the
 * data's stamp is still the one read, else the data is read again (under the lock
 * on the last of DERIVE_ATTEMPTS tries), so what it stores is what the data says
 * when it commits.
 */
export async function deriveWorkspaceRecommendations(options: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<RecommendationDerivation> {
  const { ctx, workspaceId } = options;
  for (let attempt = 1; ; attempt++) {
    const stamp = await derivationStamp(ctx.prisma, workspaceId);
    const derived = await derive(await loadDerivationData(ctx.prisma, workspaceId));
    const result = await ctx.prisma.$transaction(async (tx) => {
      // One derivation of a workspace at a time (the job and the route may race):
      // the second waits and then finds the first one's rows by fingerprint.
      await lockWorkspace(tx, workspaceId);
      if ((await derivationStamp(tx, workspaceId)) === stamp) {
        return storeDerivation({ ctx, tx, workspaceId, derived });
      }
      // The data moved while it was read (a run recording, say): read it again
      // outside the lock, and only on the last try under it.
      if (attempt < DERIVE_ATTEMPTS) return undefined;
      const current = await derive(await loadDerivationData(tx, workspaceId));
      return storeDerivation({ ctx, tx, workspaceId, derived: current });
    }, WRITE_TIMEOUTS);
    if (result) return result;
  }
}

/** Stores a derivation under the workspace lock (see deriveWorkspaceRecommendations). */
async function storeDerivation(options: {
  ctx: AppContext;
  tx: Prisma.TransactionClient;
  workspaceId: string;
  derived: Derived;
}): Promise<RecommendationDerivation> {
  const { ctx, tx, workspaceId, derived } = options;
  const { data } = derived;
  const result: RecommendationDerivation = {
    date: data?.date ?? null,
    created: 0,
    updated: 0,
    reproposed: 0,
    unchanged: 0,
    markedStale: 0,
    recommendations: [],
  };
  if (!data) return result;
  // Stored in one statement with the marking of open recommendations the day no longer
  // supports: they keep their evidence, stale from this day on (until a derivation supports
  // them again); candidates the cap left out are still supported.
  const stored = await upsertDerivedRecommendations({
    tx,
    clock: ctx.clock,
    workspaceId,
    complianceProfile: data.complianceProfile,
    recommendations: derived.stored,
    stale: { since: data.date, capped: derived.capped },
  });
  stored.results.forEach(({ recommendationId, outcome }, index) => {
    result[outcome] += 1;
    const kind = derived.stored[index]?.kind as DerivedRecommendation["kind"];
    result.recommendations.push({ recommendationId, kind, outcome });
  });
  result.markedStale = stored.markedStale;
  return result;
}

/** `POST .../recommendations/derive`: the derivation of the caller's workspace, now. */
export function deriveRecommendations(op: WorkspaceOperation): Promise<RecommendationDerivation> {
  return deriveWorkspaceRecommendations({ ctx: op.ctx, workspaceId: op.workspace.id });
}
