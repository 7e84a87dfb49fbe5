import type { RunPreset } from "@geopulse/api-types";
import { type Command, Option } from "commander";
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
        .option("--no-seo-refresh", "stop the daily SEO refresh (omitted: the setting stays)"),
    ),
  ).action(async (options: SetOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const schedule = await (await ctx.client()).runSchedule.put(workspace, {
      cron: options.cron,
      timezone: options.timezone,
      preset: options.preset,
      ...(options.seoRefresh === undefined ? {} : { seoRefresh: { enabled: options.seoRefresh } }),
    });
    ctx.info(`Schedule set; next run ${when(schedule.nextRunAt)}.`);
    if (options.json) return ctx.json(schedule);
    ctx.out(scheduleLines(schedule));
  });
}
