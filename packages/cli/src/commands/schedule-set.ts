import type { RunPreset } from "@geopulse/api-types";
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Context } from "../context.js";
import { when } from "../format.js";
import { withJson, withWorkspace } from "../options.js";
import { runPresets } from "./runs-start.js";
import { scheduleLines } from "./schedule-get.js";

interface SetOptions {
  json?: boolean;
  workspace?: string;
  cron: string;
  timezone: string;
  preset: RunPreset;
  /** Commander's `--seo-refresh` / `--no-seo-refresh`; undefined keeps the stored setting. */
  seoRefresh?: boolean;
  /** Micro-USD a month, or `off`; undefined keeps the stored budget. */
  confirmationBudget?: number | "off";
}

/**
 * `--confirmation-budget`: dollars a month (at most two decimals), or `off` (kept as the word:
 * commander reads a parser's null as an empty value).
 */
function budget(value: string): number | "off" {
  if (value === "off") return "off";
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value)) {
    throw new InvalidArgumentError("dollars a month, e.g. 5 or 12.50 (at most 10000), or off.");
  }
  const microusd = Math.round(Number(value) * 100) * 10_000;
  if (microusd > 10_000_000_000) throw new InvalidArgumentError("at most 10000 dollars a month.");
  return microusd;
}

export function registerScheduleSet(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("set")
        .description("set the daily run schedule (replaces the current one)")
        .requiredOption(
          "--cron <expr>",
          'five-field cron expression, at most once a day, e.g. "0 6 * * *"',
        )
        .option("--timezone <zone>", "IANA time zone the cron is read in", "UTC")
        .addOption(
          new Option("--preset <preset>", "what each run measures")
            .choices(runPresets)
            .default("standard"),
        )
        .option("--seo-refresh", "also refresh SEO data (Search Console, GA4) once a day")
        .option("--no-seo-refresh", "stop the daily SEO refresh (omitted: the setting stays)")
        .option(
          "--confirmation-budget <dollars>",
          "adaptive sampling: dollars a month for extra answers confirming borderline changes, or off (omitted: the setting stays)",
          budget,
        ),
    ),
  ).action(async (options: SetOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const schedule = await (await ctx.client()).runSchedule.put(workspace, {
      cron: options.cron,
      timezone: options.timezone,
      preset: options.preset,
      ...(options.seoRefresh === undefined ? {} : { seoRefresh: { enabled: options.seoRefresh } }),
      ...(options.confirmationBudget === undefined
        ? {}
        : {
            confirmations: {
              monthlyBudgetMicrousd:
                options.confirmationBudget === "off" ? null : options.confirmationBudget,
            },
          }),
    });
    ctx.info(`Schedule set; next run ${when(schedule.nextRunAt)}.`);
    if (options.json) return ctx.json(schedule);
    ctx.out(scheduleLines(schedule));
  });
}
