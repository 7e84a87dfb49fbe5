import type { RunSchedule } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { keyValues, usd, when } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

/** The schedule as `label  value` lines (shared with `schedule set`). */
export function scheduleLines(schedule: RunSchedule): string {
  return keyValues([
    ["Cron", schedule.cron],
    ["Time zone", schedule.timezone],
    ["Preset", schedule.preset],
    ["Next run", when(schedule.nextRunAt)],
    ["Last run", when(schedule.lastRunAt)],
    ["Last outcome", schedule.lastOutcome],
    ["SEO refresh", schedule.seoRefresh.enabled ? "daily" : "off"],
    ["SEO last run", when(schedule.seoRefresh.lastRunAt)],
    ["SEO outcome", schedule.seoRefresh.lastOutcome],
    [
      "Confirmations",
      schedule.confirmations.monthlyBudgetMicrousd === null
        ? "off"
        : `${usd(schedule.confirmations.spentThisMonthMicrousd)} of ${usd(schedule.confirmations.monthlyBudgetMicrousd)} this month`,
    ],
    ["Confirmations run", when(schedule.confirmations.lastRunAt)],
    ["Confirmations outcome", schedule.confirmations.lastOutcome],
  ]);
}

export function registerScheduleGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(parent.command("get").alias("show").description("show the daily run schedule")),
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const schedule = await (await ctx.client()).runSchedule.get(workspace);
    if (options.json) return ctx.json(schedule);
    if (!schedule.enabled) {
      return ctx.info("No run schedule; set one with `geopulse schedule set`.");
    }
    ctx.out(scheduleLines(schedule));
  });
}
