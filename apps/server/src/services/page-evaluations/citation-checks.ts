import { parse } from "tldts";
import { normalizeUrl } from "../../analysis/url-normalize.js";
import type { AppContext } from "../../context.js";
import type { PageCheck } from "../../web/page-check.js";

/** Citations of one domain read at most (the most recent answers first). */
const maxCitations = 20_000;
/** Engines and prompts listed in the evidence. */
const listed = 5;

/**
 * How often the workspace's analysed answers cited this page (its URL normalised as citations
 * are: docs/metrics.md, "Citations") and its registrable domain, on which engines and prompts.
 */
export async function buildCitationChecks(options: {
  ctx: AppContext;
  workspaceId: string;
  /** The URL requested and the one the page came from. */
  urls: string[];
}): Promise<PageCheck[]> {
  const { ctx, workspaceId } = options;
  const normalized = options.urls.map(normalizeUrl).filter((u) => u !== null);
  const first = normalized[0];
  const answers = await ctx.prisma.engineResponse.count({
    where: { workspaceId, purpose: "measurement", analysisVersion: { not: null } },
  });
  if (!first || answers === 0) {
    const summary = "No analysed answers yet: run a measurement to see whether engines cite it.";
    return [
      empty("citations.page", "Engines cite this page", summary),
      empty("citations.domain", "Engines cite this domain", summary),
    ];
  }
  const parsed = parse(first.host, { allowPrivateDomains: true });
  const domain = parsed.isIp || !parsed.domain ? first.host : parsed.domain;
  const rows = await ctx.prisma.citation.findMany({
    where: {
      domain,
      response: { workspaceId, purpose: "measurement", analysisVersion: { not: null } },
    },
    select: { url: true, response: { select: { engine: true, promptId: true } } },
    orderBy: { responseId: "desc" },
    take: maxCitations,
  });
  const wanted = new Set(normalized.map((u) => u.normalizedUrl));
  const exact = rows.filter((row) => {
    const url = normalizeUrl(row.url);
    return url !== null && wanted.has(url.normalizedUrl);
  });
  const promptIds = [...new Set([...exact, ...rows].map((r) => r.response.promptId))];
  const prompts = new Map(
    (
      await ctx.prisma.prompt.findMany({
        where: { id: { in: promptIds.slice(0, 500) }, workspaceId },
        select: { id: true, text: true },
      })
    ).map((p) => [p.id, p.text]),
  );
  return [
    citationCheck({
      id: "citations.page",
      title: "Engines cite this page",
      severity: "high",
      what: `this page (${first.normalizedUrl})`,
      rows: exact,
      answers,
      prompts,
      fix: "Make the page the best answer to the prompts its topic covers: a direct answer first, facts and sources engines can quote.",
    }),
    citationCheck({
      id: "citations.domain",
      title: "Engines cite this domain",
      severity: "medium",
      what: `pages of ${domain}`,
      rows,
      answers,
      prompts,
      fix: `Earn citations for ${domain}: pages that answer the prompts you measure, and mentions on the sources engines already cite.`,
    }),
  ];
}

function empty(id: string, title: string, summary: string): PageCheck {
  return {
    id,
    category: "citations",
    title,
    status: "not_applicable",
    severity: "medium",
    summary,
    evidence: [],
    fix: null,
  };
}

interface CitationRow {
  url: string;
  response: { engine: string; promptId: string };
}

function citationCheck(options: {
  id: string;
  title: string;
  severity: "high" | "medium";
  what: string;
  rows: CitationRow[];
  answers: number;
  prompts: Map<string, string>;
  fix: string;
}): PageCheck {
  const { rows } = options;
  const engines = countBy(rows, (r) => r.response.engine);
  const prompts = countBy(rows, (r) => r.response.promptId);
  const cited = rows.length > 0;
  return {
    id: options.id,
    category: "citations",
    title: options.title,
    status: cited ? "pass" : "warn",
    severity: options.severity,
    summary: cited
      ? `Engines cited ${options.what} ${rows.length} time${rows.length === 1 ? "" : "s"} in ${options.answers} analysed answers, on ${engines.length} engine${engines.length === 1 ? "" : "s"}.`
      : `No analysed answer (of ${options.answers}) cites ${options.what}.`,
    evidence: [
      ...engines.slice(0, listed).map(([engine, count]) => ({
        label: "engine",
        value: `${engine}: ${count}`,
      })),
      ...prompts.slice(0, listed).map(([promptId, count]) => ({
        label: "prompt",
        value: `${options.prompts.get(promptId) ?? promptId}: ${count}`,
      })),
    ],
    fix: cited ? null : options.fix,
  };
}

/** Counts by key, most first (ties by key). */
function countBy<T>(items: T[], key: (item: T) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}
