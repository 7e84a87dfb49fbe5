import type { Command } from "commander";
import { day } from "../metrics-filters.js";
import { integerFrom1To, type ReadOptions, withJson, withWorkspace } from "../options.js";

/** The options of `sources` and `sources show`. */
export interface SourcesOptions extends ReadOptions {
  from?: string;
  to?: string;
}

/** Adds --from, --to (the period), --limit (items per list), --json and --workspace. */
export const withSourcesOptions = (command: Command): Command =>
  withJson(
    withWorkspace(
      command
        .option("--from <YYYY-MM-DD>", "first UTC day (default 27 days before --to)", day)
        .option("--to <YYYY-MM-DD>", "last UTC day (default today)", day)
        .option("--limit <n>", "items per list (default 25, at most 100)", integerFrom1To(100)),
    ),
  );

export const sourcesQuery = (options: SourcesOptions) => ({
  ...(options.from ? { from: options.from } : {}),
  ...(options.to ? { to: options.to } : {}),
  ...(options.limit ? { limit: options.limit } : {}),
});
