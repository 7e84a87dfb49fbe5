import type { SurfaceGaps } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { percent, table } from "../format.js";
import { type SourcesOptions, sourcesQuery, withSourcesOptions } from "./sources-options.js";

type Pair = SurfaceGaps["pairs"][number];
type Difference = Pair["visibility"];

/** "-21.0 pt (-32.0 to -10.0) *": second minus first, its 95% interval, * when significant. */
const difference = (d: Difference): string =>
  d.n === 0
    ? "-"
    : `${d.value > 0 ? "+" : ""}${(d.value * 100).toFixed(1)} pt (${(d.ciLow * 100).toFixed(1)} to ${(d.ciHigh * 100).toFixed(1)})${d.significant ? " *" : ""}`;

const side = (s: Pair["first"], metric: "visibility" | "shareOfVoice") =>
  s[metric].n === 0 ? "-" : percent(s[metric].value);

/**
 * `surface-gap`: each assistant measured on two surfaces in the period (its API and its app, or
 * two of Google's AI surfaces), the brand's visibility and share of voice on each, on the same
 * prompts the same days, and the differences with their intervals.
 */
export function registerSurfaceGap(parent: Command, ctx: Context): void {
  withSourcesOptions(
    parent
      .command("surface-gap")
      .description(
        "how far an assistant's API is from its app: visibility and share of voice on each surface, with intervals",
      ),
  ).action(async (options: SourcesOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gaps = await (await ctx.client()).metrics.getSurfaceGap(workspace, sourcesQuery(options));
    if (options.json) return ctx.json(gaps);
    const { period, pairs, minPairedPrompts } = gaps;
    ctx.out(
      [
        `Surface gap ${period.from} to ${period.to}: ${pairs.length} pair${pairs.length === 1 ? "" : "s"}`,
        pairs.length === 0
          ? "No assistant was measured on two surfaces: enable an app or search engine next to its API in the model settings."
          : table(
              [
                "first",
                "second",
                "prompts",
                "visibility",
                "difference",
                "share of voice",
                "difference",
                "domains shared",
              ],
              pairs.map((p) => [
                `${p.first.engine} (${p.first.surface})`,
                `${p.second.engine} (${p.second.surface})`,
                p.prompts,
                `${side(p.first, "visibility")} / ${side(p.second, "visibility")}`,
                difference(p.visibility),
                `${side(p.first, "shareOfVoice")} / ${side(p.second, "shareOfVoice")}`,
                difference(p.shareOfVoice),
                p.domains.jaccard === null ? "-" : percent(p.domains.jaccard),
              ]),
            ),
        pairs.length > 0 &&
          `Differences are the second minus the first with their 95% intervals; * significant (at least ${minPairedPrompts} paired prompts).`,
      ]
        .filter(Boolean)
        .join("\n\n"),
    );
  });
}
