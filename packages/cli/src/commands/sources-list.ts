import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { type SourcesOptions, sourcesQuery, withSourcesOptions } from "./sources-options.js";

type Domain = { domain: string; taxonomy: string; count: number; previous: number; used: number };
const domainRows = (list: Domain[]) =>
  list.map((d) => [d.domain, d.taxonomy, d.count, d.previous, d.used]);
const domainHeaders = [
  "domain",
  "taxonomy",
  "citing answers",
  "previous period",
  "read, not cited",
];

/**
 * `sources` (`sources list`): the period's cited domains and URLs, new and lost domains, and the
 * domains the answers read without citing them.
 */
export function registerSourcesList(parent: Command, ctx: Context): void {
  withSourcesOptions(
    parent
      .command("list", { isDefault: true })
      .description(
        "cited domains and URLs over a period, with new and lost domains and those read, not cited",
      ),
  ).action(async (options: SourcesOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const sources = await (await ctx.client()).sources.list(workspace, sourcesQuery(options));
    if (options.json) return ctx.json(sources);
    const { period, previousPeriod: before, totals } = sources;
    ctx.out(
      [
        `Cited sources ${period.from} to ${period.to} (${before ? `previous period ${before.from} to ${before.to}` : "no previous period: it would start before 2000-01-01"}): ${totals.domains} domains, ${totals.newDomains} new, ${totals.lostDomains} lost, ${totals.usedDomains} read without being cited`,
        sources.domains.length === 0
          ? "No cited sources in this period: start a run (geopulse runs start)."
          : table(domainHeaders, domainRows(sources.domains)),
        sources.urls.length > 0 &&
          table(
            ["url", "domain", "taxonomy", "citing answers"],
            sources.urls.map((u) => [u.url, u.domain ?? "-", u.taxonomy ?? "-", u.count]),
          ),
        sources.newDomains.length > 0 &&
          `New domains\n${table(domainHeaders, domainRows(sources.newDomains))}`,
        sources.lostDomains.length > 0 &&
          `Lost domains\n${table(domainHeaders, domainRows(sources.lostDomains))}`,
        sources.usedDomains.length > 0 &&
          `Read but not cited\n${table(
            ["domain", "taxonomy", "answers reading it, not citing it", "citing answers"],
            sources.usedDomains.map((d) => [d.domain, d.taxonomy, d.used, d.cited]),
          )}`,
      ]
        .filter(Boolean)
        .join("\n\n"),
    );
  });
}
