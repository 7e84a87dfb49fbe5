import type { MetricsPlan, MetricsPlanDesign } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { table, usd } from "../format.js";
import { integerFrom1To, withJson, withWorkspace } from "../options.js";
import { runPresets } from "./runs-start.js";

interface PlanOptions {
  json?: boolean;
  workspace?: string;
  preset?: (typeof runPresets)[number];
  prompts?: number;
  repetitions?: number;
  runsPerWeek?: number;
}

/** "±4.1 pt" of a share. */
const points = (share: number, sign = "±") => `${sign}${(share * 100).toFixed(1)} pt`;

/**
 * `plan`: what the workspace's runs buy in precision of the brand's visibility and share of
 * voice (a day's and a week's interval, the change the weekly test flags with 80% power) and
 * in credits a month, beside a proposed change of prompts, repetitions, run days or preset.
 */
export function registerPlan(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("plan")
        .description(
          "what the runs buy: visibility and share-of-voice precision per day and week, the weekly detectable change, and credits a month",
        ),
    ),
  )
    .addOption(new Option("--preset <preset>", "preset proposed").choices(runPresets))
    .option("--prompts <n>", "prompts proposed (1-10000)", integerFrom1To(10_000))
    .option("--repetitions <n>", "repetitions proposed (1-10)", integerFrom1To(10))
    .option("--runs-per-week <n>", "run days a week proposed (1-7)", integerFrom1To(7))
    .action(async (options: PlanOptions) => {
      const workspace = await ctx.workspace(options.workspace);
      const plan = await (await ctx.client()).metrics.getPlan(workspace, {
        ...(options.preset ? { preset: options.preset } : {}),
        ...(options.prompts ? { prompts: options.prompts } : {}),
        ...(options.repetitions ? { repetitions: options.repetitions } : {}),
        ...(options.runsPerWeek ? { runsPerWeek: options.runsPerWeek } : {}),
      });
      if (options.json) return ctx.json(plan);
      ctx.out(planText(plan));
    });
}

export function planText(plan: MetricsPlan): string {
  const designs = [
    ["current", plan.current] as const,
    ...(plan.proposed ? [["proposed", plan.proposed] as const] : []),
  ];
  const shareOfVoice =
    plan.shareOfVoiceBasis === "history"
      ? `share of voice ${percent(plan.shareOfVoiceInputs.rate)}`
      : "share of voice from priors (too few answers naming tracked entities)";
  const basis =
    plan.basis === "history"
      ? `from the brand's last ${plan.historyDays} days with answers (visibility ${percent(plan.inputs.rate)}, ${shareOfVoice})`
      : "from priors (no history yet)";
  const metrics = [
    ["visibility", (d: MetricsPlanDesign) => d.visibility],
    ["share of voice", (d: MetricsPlanDesign) => d.shareOfVoice],
  ] as const;
  return [
    table(
      ["design", "preset", "prompts", "engines", "reps", "runs/week", "credits/month"],
      designs.map(([name, d]) => [
        name,
        d.preset,
        d.prompts,
        d.engines.length,
        d.repetitions,
        `${d.runsPerWeek}${d.scheduled ? " (schedule)" : ""}`,
        `at most ${usd(d.creditsPerMonthMicrousd)}`,
      ]),
    ),
    "",
    `Precision of the brand's metrics, ${basis}; 95% intervals, change at 80% power:`,
    table(
      ["design", "metric", "day", "week", "detectable/week"],
      designs.flatMap(([name, d]) =>
        metrics.map(([metric, of]) => {
          const p = of(d);
          return [
            name,
            metric,
            points(p.dayHalfWidth),
            points(p.weekHalfWidth),
            p.weeklyDetectableChange === null ? "not tested" : points(p.weeklyDetectableChange, ""),
          ];
        }),
      ),
    ),
  ].join("\n");
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
