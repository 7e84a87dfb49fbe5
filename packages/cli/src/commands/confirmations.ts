import type { MetricConfirmation } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { percent, usd } from "../format.js";
import { registerList } from "../list-command.js";
import type { ReadOptions } from "../options.js";

interface ConfirmationsOptions extends ReadOptions {
  status?: MetricConfirmation["status"];
}

/** The fresh rate with its confidence sequence: "41.2% (35.0–47.4%)", or "-" before any day. */
const fresh = (c: MetricConfirmation): string | null =>
  c.fresh.rate === null || c.fresh.low === null || c.fresh.high === null
    ? null
    : `${percent(c.fresh.rate)} (${percent(Math.max(0, c.fresh.low))}–${percent(Math.min(1, c.fresh.high))})`;

/**
 * `geopulse confirmations`: adaptive sampling's confirmations of borderline changes, newest
 * first (docs/metrics.md, "Adaptive sampling").
 */
export function registerConfirmations(program: Command, ctx: Context): void {
  registerList<MetricConfirmation, ConfirmationsOptions>(program, ctx, {
    name: "confirmations",
    description:
      "adaptive sampling: borderline changes being confirmed with extra answers (schedule set --confirmation-budget)",
    what: "confirmations",
    configure: (command) =>
      command.addOption(
        new Option("--status <status>", "only confirmations in this state").choices([
          "collecting",
          "confirmed",
          "expired",
        ]),
      ),
    items: ({ gp, workspace, pageSize, options }) =>
      gp.metrics.listConfirmations(workspace, {
        limit: pageSize,
        ...(options.status ? { status: options.status } : {}),
      }),
    empty:
      "No confirmations: none started (a borderline change and a confirmation budget start one).",
    columns: [
      "day",
      "entity",
      "engine",
      "dir",
      "status",
      "fresh days",
      "answers (extra)",
      "fresh rate (seq.)",
      "must pass",
      "decided",
      "cost",
    ],
    row: (c) => [
      c.date,
      c.entityId,
      c.engine,
      c.direction,
      c.expiredBecause ? `${c.status} (${c.expiredBecause})` : c.status,
      c.fresh.days,
      `${c.fresh.answers} (${c.fresh.extraAnswers})`,
      fresh(c),
      `${c.direction === "up" ? ">" : "<"} ${percent(Math.min(1, Math.max(0, c.reference.bound)))}`,
      c.decidedOn,
      usd(c.costMicrousd),
    ],
  });
}
