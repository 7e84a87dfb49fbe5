import type { Recommendation } from "@geopulse/api-types";
import type { GeoPulse } from "@geopulse/sdk";
import type { Command } from "commander";
import type { Context } from "./context.js";
import { clip, keyValues, signed, when } from "./format.js";
import { withJson, withWorkspace } from "./options.js";

/** A metric with its interval and n: "0.12 (0.05–0.20), n=8". */
const estimate = (m: { value: number; ciLow: number; ciHigh: number; n: number }) =>
  `${m.value.toFixed(2)} (${m.ciLow.toFixed(2)}–${m.ciHigh.toFixed(2)}), n=${m.n}`;

/** The detail view: the recommendation, its evidence down to the answers, findings, impact, history. */
export function recommendationText(rec: Recommendation): string {
  const { target, priority, evidence, impact } = rec;
  const head = keyValues([
    ["Recommendation", rec.recommendationId],
    ["Kind", rec.kind],
    ["Status", rec.status],
    ["Title", rec.title],
    [
      "Priority",
      `${priority.score} (impact ${priority.expectedImpact.toFixed(2)} × confidence ${priority.confidence.toFixed(2)} / effort ${priority.effort})`,
    ],
    ["Language", rec.language],
    ["Prompts", target.promptIds.join(", ") || "-"],
    ["Domain", target.domain],
    ["URL", target.url],
    ["Engines", target.engines.join(", ") || "all"],
    [
      "Dismissed",
      rec.dismissal
        ? `${rec.dismissal.reason}${rec.dismissal.note ? `: ${rec.dismissal.note}` : ""}`
        : null,
    ],
    ["Created", when(rec.createdAt)],
    ["Updated", when(rec.updatedAt)],
  ]);
  const lines = [head, "", `Why: ${rec.rationale}`, `Do: ${rec.action}`, "", "Evidence:"];
  lines.push(`  ${evidence.metric.name} ${estimate(evidence.metric)} on ${evidence.metric.date}`);
  if (evidence.comparison) {
    lines.push(`  ${evidence.comparison.entity}: ${estimate(evidence.comparison)}`);
  }
  if (evidence.stale) {
    lines.push(`  Stale since ${evidence.staleSince}: the latest data no longer supports it.`);
  }
  for (const answer of evidence.answers) {
    lines.push(`  - ${answer.engine} · ${answer.runId} · ${answer.responseId}`);
    lines.push(`    Q: ${clip(answer.prompt, 100)}`);
    lines.push(`    A: ${clip(answer.excerpt, 200)}`);
    for (const c of answer.citations) lines.push(`    [${c.position}] ${c.url}`);
  }
  if (rec.complianceFindings.length > 0) {
    lines.push("", "Compliance findings:");
    for (const f of rec.complianceFindings) {
      lines.push(`  - ${f.ruleId} (${f.regulation}, ${f.article}) in ${f.field}: "${f.excerpt}"`);
      lines.push(`    instead: ${f.rewording}`);
    }
  }
  if (impact) {
    // "Impact: +6.1 pt (95% +1.2 to +11.0) improved", or the verdict alone before a delta.
    const d = impact.delta;
    const pt = (x: number) => signed(x * 100);
    const change = d ? `${pt(d.delta)} pt (95% ${pt(d.ciLow)} to ${pt(d.ciHigh)}) ` : "";
    lines.push("", `Impact: ${change}${impact.verdict}`);
    lines.push(`  baseline ${estimate(impact.baseline)} on ${impact.baseline.date}`);
    if (impact.current) {
      lines.push(`  current  ${estimate(impact.current)} on ${impact.current.date}`);
    }
    const w = d?.windows;
    if (w) {
      type Window = NonNullable<typeof w>["before"];
      const span = (x: Window) => `${x.from}..${x.to} (${x.days} days)`;
      lines.push("  compared on the days' rates:");
      lines.push(`    before ${estimate(w.before)}  ${span(w.before)}`);
      lines.push(`    after  ${estimate(w.after)}  ${span(w.after)}`);
    }
  }
  lines.push("", "History:");
  for (const h of rec.history) {
    const extra = [h.reason, h.note].filter(Boolean).join(": ");
    lines.push(
      `  ${when(h.at)}  ${h.action}  ${h.from ?? "-"} → ${h.to}  (${h.actor.type})${extra ? `  ${extra}` : ""}`,
    );
  }
  return lines.join("\n");
}

export interface TransitionOptions {
  json?: boolean;
  workspace?: string;
  idempotencyKey?: string;
  note?: string;
}

/**
 * A lifecycle command `recs <name> <recommendationId>`: `--note`, `--idempotency-key`
 * (default: a fresh one the SDK reuses on its retries), `--json`.
 */
export function registerRecsTransition<O extends TransitionOptions>(
  parent: Command,
  ctx: Context,
  spec: {
    name: string;
    description: string;
    past: string;
    configure?: (command: Command) => Command;
    call: (gp: GeoPulse, workspace: string, id: string, options: O) => Promise<Recommendation>;
  },
): void {
  const command = parent
    .command(spec.name)
    .argument("<recommendationId>", "the recommendation, e.g. rec_01J…")
    .description(spec.description)
    .option("--note <text>", "a note kept in the recommendation's history")
    .option(
      "--idempotency-key <key>",
      "send this key (retrying with it never applies the change twice)",
    );
  withJson(withWorkspace((spec.configure ?? ((c) => c))(command))).action(
    async (id: string, options: O) => {
      const workspace = await ctx.workspace(options.workspace);
      const rec = await spec.call(await ctx.client(), workspace, id, options);
      ctx.info(`${spec.past} ${rec.recommendationId}: now ${rec.status}.`);
      if (options.json) ctx.json(rec);
    },
  );
}

/** The body fields every transition shares. */
export const transitionBody = (options: TransitionOptions) => ({
  ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  ...(options.note ? { note: options.note } : {}),
});
