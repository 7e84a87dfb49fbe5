import type { Language } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import { parse } from "tldts";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import { normalizeUrl } from "../../analysis/url-normalize.js";
import { dayOf } from "../../days.js";
import type { PageCheck, PageCheckSeverity, PageScores } from "../../web/page-check.js";
import { listDayAnswerIds, readStoredAnswers } from "../analysis/read-day-answers.js";
import { pageHost } from "../page-evaluations/page-host.js";

/** One analysed answer of the derivation day, with what its analysis found. */
export interface DerivationAnswer {
  runId: string;
  responseId: string;
  engine: string;
  promptId: string;
  prompt: string;
  language: string;
  text: string;
  citations: Array<{
    position: number;
    url: string;
    title: string | null;
    domain: string | null;
    taxonomy: string | null;
    entityId: string | null;
  }>;
  /** Tracked entities the answer names (`self` = the brand), by entity id. */
  mentions: Map<string, { firstOffset: number; sentiment: string }>;
}

/** The latest succeeded page evaluation of one owned URL (a page on the workspace's domains). */
export interface DerivationPageEvaluation {
  evaluationId: string;
  /** As requested; the target URL. */
  url: string;
  /** Its registrable domain (the host for an IP), as citations record domains. */
  domain: string;
  finishedAt: string;
  scores: PageScores;
  /** Its failing checks, the most severe first (the checks' order within a severity). */
  failingChecks: Array<{
    id: string;
    title: string;
    severity: PageCheckSeverity;
    fix: string | null;
  }>;
}

/** Everything a derivation reads: the workspace and the latest measured day's answers. */
export interface DerivationData {
  workspaceId: string;
  complianceProfile: string;
  language: Language;
  /** UTC day derived from (`YYYY-MM-DD`). */
  date: string;
  brand: { name: string; names: string[] };
  /** The workspace's first domain (its primary site), null when it lists none. */
  primaryDomain: string | null;
  /** Competitors by entity id, in the order the user listed them. */
  competitors: Map<string, string>;
  /** Sorted by prompt, engine, run and response id: the same data, the same order. */
  answers: DerivationAnswer[];
  /** The latest succeeded evaluation of each owned URL, by URL. */
  pageEvaluations: DerivationPageEvaluation[];
}

const languages: readonly Language[] = ["en", "es", "ca", "fr"];
/** Answers read with their citations and mentions per statement. */
const ANSWER_PAGE = 100;

/**
 * The latest UTC day with answers at the current ANALYSIS_VERSION and its
 * succeeded, analysed answers (brand-research prompts left out, as in the
 * metrics: they name the brand by construction), and the latest succeeded page
 * evaluation of each owned URL. Without a measured day but with evaluations,
 * the day is that of the newest evaluation and there are no answers; null when
 * there is neither.
 */
export async function loadDerivationData(
  db: Prisma.TransactionClient,
  workspaceId: string,
): Promise<DerivationData | null> {
  const workspace = await db.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: {
      brand: true,
      displayName: true,
      domains: true,
      languages: true,
      complianceProfile: true,
      competitors: { orderBy: { position: "asc" }, select: { id: true, name: true } },
    },
  });
  const latest = await db.metricDay.findFirst({
    where: { workspaceId, analysisVersion: ANALYSIS_VERSION, responses: { gt: 0 } },
    orderBy: { day: "desc" },
    select: { day: true },
  });
  const pageEvaluations = await loadOwnedPageEvaluations(db, workspaceId, workspace.domains);
  const newest = pageEvaluations
    .map((p) => p.finishedAt)
    .sort()
    .at(-1);
  if (!latest && !newest) return null;
  const day = latest ? dayOf(latest.day) : dayOf(new Date(newest as string));
  // Without a measured day there are no answers to read. The ids first, then the answers
  // with their citations and mentions a page at a time, each looked up by index whatever the
  // embedded database's statistics (`readStoredAnswers`): short holds of its connection.
  const ids = latest ? await listDayAnswerIds(db, workspaceId, day) : [];
  const rows = [];
  for (let at = 0; at < ids.length; at += ANSWER_PAGE) {
    const page = await readStoredAnswers(db, ids.slice(at, at + ANSWER_PAGE));
    rows.push(...page.filter((r) => r.analysisVersion === ANALYSIS_VERSION));
  }
  const prompts = new Map(
    (
      await db.prompt.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.promptId))] } },
        select: { id: true, text: true, category: true, language: true },
      })
    ).map((p) => [p.id, p]),
  );
  const answers: DerivationAnswer[] = [];
  for (const r of rows) {
    const prompt = prompts.get(r.promptId);
    if (!prompt || prompt.category === "brand_research") continue;
    answers.push({
      runId: r.runId,
      responseId: r.id,
      engine: r.engine,
      promptId: r.promptId,
      prompt: prompt.text,
      language: prompt.language,
      text: r.answer,
      citations: r.citations.map((c) => ({
        position: c.position,
        url: c.url,
        title: c.title,
        domain: c.domain,
        taxonomy: c.taxonomy,
        entityId: c.entityId,
      })),
      mentions: new Map(
        r.mentions.map((m) => [m.entityId, { firstOffset: m.firstOffset, sentiment: m.sentiment }]),
      ),
    });
  }
  const key = (a: DerivationAnswer) => [a.promptId, a.engine, a.runId, a.responseId];
  answers.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      if (ka[i] !== kb[i]) return (ka[i] as string) < (kb[i] as string) ? -1 : 1;
    }
    return 0;
  });
  const first = workspace.languages[0] as Language | undefined;
  return {
    workspaceId,
    complianceProfile: workspace.complianceProfile,
    language: first && languages.includes(first) ? first : "en",
    date: day,
    brand: {
      name: workspace.brand,
      names:
        workspace.displayName !== workspace.brand
          ? [workspace.brand, workspace.displayName]
          : [workspace.brand],
    },
    primaryDomain: workspace.domains[0] ?? null,
    competitors: new Map(workspace.competitors.map((c) => [c.id, c.name])),
    answers,
    pageEvaluations,
  };
}

/** The most recent succeeded evaluations read for a derivation. */
const maxPageEvaluations = 1_000;
const severityRank: Readonly<Record<PageCheckSeverity, number>> = {
  critical: 0,
  high: 1,
  medium: 2,
  low: 3,
};

/**
 * The latest succeeded evaluation of each owned URL (its host, without `www.`, one of the
 * workspace's domains or below one), URLs compared normalised as citations are.
 */
async function loadOwnedPageEvaluations(
  db: Prisma.TransactionClient,
  workspaceId: string,
  domains: readonly string[],
): Promise<DerivationPageEvaluation[]> {
  const owned = domains.map(pageHost);
  const rows = await db.pageEvaluation.findMany({
    where: { workspaceId, status: "succeeded" },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    take: maxPageEvaluations,
    select: { id: true, url: true, host: true, scores: true, checks: true, finishedAt: true },
  });
  const seen = new Set<string>();
  const out: DerivationPageEvaluation[] = [];
  for (const row of rows) {
    const key = normalizeUrl(row.url)?.normalizedUrl ?? row.url;
    if (seen.has(key) || !row.scores || !row.finishedAt) continue;
    seen.add(key);
    const host = pageHost(row.host);
    if (!owned.some((d) => host === d || host.endsWith(`.${d}`))) continue;
    const parsed = parse(host, { allowPrivateDomains: true });
    const checks = row.checks as unknown as PageCheck[];
    out.push({
      evaluationId: row.id,
      url: row.url,
      domain: parsed.isIp || !parsed.domain ? host : parsed.domain,
      finishedAt: row.finishedAt.toISOString(),
      scores: row.scores as unknown as PageScores,
      failingChecks: checks
        .map((check, index) => ({ check, index }))
        .filter(({ check }) => check.status === "fail")
        .sort(
          (a, b) =>
            severityRank[a.check.severity] - severityRank[b.check.severity] || a.index - b.index,
        )
        .map(({ check }) => ({
          id: check.id,
          title: check.title,
          severity: check.severity,
          fix: check.fix,
        })),
    });
  }
  return out.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/** At most 400 characters of an answer around `offset` (the mention or claim it shows). */
export function excerptAround(text: string, offset: number, max = 400): string {
  if (text.length <= max) return text;
  const start = Math.max(0, Math.min(offset - 120, text.length - (max - 2)));
  const prefix = start > 0 ? "…" : "";
  const room = max - prefix.length - 1;
  const body = text.slice(start, start + room);
  return start + room < text.length
    ? `${prefix}${body}…`
    : `${prefix}${text.slice(start, start + max - prefix.length)}`;
}

/** An answer as recommendation evidence, its excerpt around `offset`. */
export function evidenceAnswer(a: DerivationAnswer, offset: number) {
  return {
    runId: a.runId,
    responseId: a.responseId,
    engine: a.engine,
    promptId: a.promptId,
    prompt: a.prompt,
    excerpt: excerptAround(a.text, offset),
    citations: a.citations.map((c) => ({ position: c.position, url: c.url, title: c.title })),
  };
}
