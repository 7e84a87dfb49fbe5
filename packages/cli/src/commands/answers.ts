import type { AnswerList, ParameterMetricsEngine } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { clip, marked, plural, table } from "../format.js";
import {
  day,
  engines,
  type MetricsFilterOptions,
  metricsFilters,
  withMetricsFilters,
} from "../metrics-filters.js";
import { pageSizeFor, type ReadOptions, withJson, withLimit, withWorkspace } from "../options.js";

interface AnswersOptions extends ReadOptions, MetricsFilterOptions {
  from?: string;
  to?: string;
  prompt?: string;
  entity?: string;
  match?: "mentioned" | "cited" | "recommended" | "shortlisted" | "discouraged";
  domain?: string;
  url?: string;
  pairedWith?: ParameterMetricsEngine;
}

/** Answers shown when no --limit is given. */
const DEFAULT_LIMIT = 50;

/**
 * `answers`: the answers behind a metric, with the metrics' filters and the same definition of
 * its population, so the count printed is the metric's `n` (or its numerator with --match).
 */
export function registerAnswers(program: Command, ctx: Context): void {
  withLimit(
    withMetricsFilters(
      withWorkspace(
        withJson(
          program
            .command("answers")
            .description(
              "list the answers behind a metric: its n with the metrics' filters, or its numerator with --match",
            )
            .option("--from <YYYY-MM-DD>", "first UTC day (default --to)", day)
            .option("--to <YYYY-MM-DD>", "last UTC day (default the latest measured day)", day)
            .option("--prompt <id>", "only the answers to this prompt")
            .addOption(
              new Option(
                "--match <what>",
                "only answers naming (mentioned), citing (cited), recommending (recommended), with among their first three picks (shortlisted) or advising against (discouraged) --entity, or any tracked entity / any URL",
              ).choices(["mentioned", "cited", "recommended", "shortlisted", "discouraged"]),
            )
            .option("--entity <id>", "with --match: self, or a competitor id")
            .option("--domain <domain>", "only answers citing this registrable domain")
            .option("--url <url>", "only answers citing this page (as `sources` lists it)")
            .addOption(
              new Option(
                "--paired-with <engine>",
                "only prompts this engine also answered that day (a surface gap's side)",
              ).choices(engines),
            ),
        ),
      ),
    ),
    `answers (default ${DEFAULT_LIMIT})`,
  ).action(async (options: AnswersOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const limit = options.limit ?? DEFAULT_LIMIT;
    const list = (await ctx.client()).answers.list(workspace, {
      ...metricsFilters(options),
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
      ...(options.prompt ? { prompt: options.prompt } : {}),
      ...(options.match ? { match: options.match } : {}),
      ...(options.entity ? { entity: options.entity } : {}),
      ...(options.domain ? { domain: options.domain } : {}),
      ...(options.url ? { url: options.url } : {}),
      ...(options.pairedWith ? { pairedWith: options.pairedWith } : {}),
      limit: pageSizeFor(limit),
    });
    const first = await list.page();
    const answers = [...first.data];
    for (let cursor = first.nextCursor; cursor && answers.length < limit; ) {
      const page = await list.page(cursor);
      answers.push(...page.data);
      cursor = page.nextCursor;
    }
    const shown = answers.slice(0, limit);
    // Whole to the limit: no page follows what was printed.
    if (options.json) return ctx.json({ ...first, data: shown, nextCursor: null });
    ctx.info(summary(first, shown.length));
    if (shown.length === 0) return;
    ctx.out(
      table(
        ["answer", "engine", "rep", "citations", "prompt"],
        shown.map((a) => [
          a.responseId,
          marked(a.engine, a.simulated),
          a.repetition,
          a.citations.length,
          clip(a.prompt, 60),
        ]),
      ),
    );
    if (shown.some((a) => a.simulated))
      ctx.info("* simulated engine: a stand-in, no AI engine was asked");
  });
}

/** "12 answers from 2026-04-08 (showing 12); branded prompts excluded: 2 prompts, 4 answers". */
function summary(list: AnswerList, shown: number): string {
  const period = list.from === list.to ? list.from : `${list.from} to ${list.to}`;
  const { brandResearchPrompts, brandResearchAnswers } = list.excluded;
  return [
    `${plural(list.total, "answer")} on ${period}${shown < list.total ? ` (showing ${shown})` : ""}`,
    `${plural(list.entityMentions, "tracked-entity mention")} in them`,
    brandResearchPrompts > 0 &&
      `branded prompts excluded: ${plural(brandResearchPrompts, "prompt")}, ${plural(brandResearchAnswers, "answer")}`,
  ]
    .filter(Boolean)
    .join("; ");
}
