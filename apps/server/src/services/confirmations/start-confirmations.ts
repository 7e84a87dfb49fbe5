import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { dayStart } from "../../days.js";
import { newId } from "../../ids.js";
import {
  BORDERLINE_P_VALUE,
  confirmationVerdict,
  planConfirmation,
} from "../../metrics/adaptive-confirmation.js";
import { type ChangeSeries, detectChangesInSteps } from "../../metrics/detect-changes.js";
import { runInSlices } from "../analysis/cpu-slices.js";
import { seriesKeyOf } from "./confirmation-state.js";

/** Confirmations a workspace collects at once (the smallest p-values first). */
export const MAX_COLLECTING_CONFIRMATIONS = 3;

/**
 * Starts a confirmation for each borderline test of `day` (the latest day with data, every run
 * of it finished), smallest p first, while fewer than MAX_COLLECTING_CONFIRMATIONS collect:
 * not on a series with one under way, not on the pooled series when a single engine answered
 * (the engine's own series holds the same answers), and not when the reference bound leaves
 * no room to confirm (a rise past 100%). The unique (workspace, series, day) makes a repeated
 * refresh a no-op. Returns the ids started.
 */
export async function startConfirmations(options: {
  ctx: AppContext;
  workspaceId: string;
  series: ChangeSeries[];
  day: string;
  busy: Set<string>;
  analysis: { analysisVersion: number; subjectFingerprint: string };
}): Promise<string[]> {
  const { ctx, workspaceId, series, day, busy } = options;
  const { borderline } = await runInSlices(
    detectChangesInSteps({ series, borderlineP: BORDERLINE_P_VALUE }),
  );
  const candidates = borderline
    .filter((b) => b.date === day && !busy.has(seriesKeyOf(b)))
    .sort((a, b) => a.pValue - b.pValue);
  const now = ctx.clock.now();
  const started: string[] = [];
  for (const b of candidates) {
    if (busy.size >= MAX_COLLECTING_CONFIRMATIONS) break;
    const key = seriesKeyOf(b);
    const s = series.find((x) => seriesKeyOf(x) === key);
    const plan = s && planConfirmation(b, s);
    if (!plan) continue;
    const engines =
      b.engine !== null
        ? [b.engine]
        : series
            .filter(
              (x) =>
                x.entityId === b.entityId &&
                x.engine !== null &&
                x.days.some((d) => d.date === day && d.trials > 0),
            )
            .map((x) => x.engine as string)
            .sort();
    if (b.engine === null && engines.length < 2) continue;
    const { referenceBound } = confirmationVerdict(plan, []);
    if (b.direction === "up" ? referenceBound >= 1 : referenceBound <= 0) continue;
    const id = newId("cnf", ctx.clock);
    const { count } = await ctx.prisma.metricConfirmation.createMany({
      data: [
        {
          id,
          workspaceId,
          entityId: b.entityId,
          engine: b.engine,
          seriesKey: key,
          day: dayStart(b.date),
          direction: b.direction,
          pValue: b.pValue,
          promptIds: plan.promptIds,
          engines,
          reference: plan.reference as unknown as Prisma.InputJsonObject,
          status: "collecting",
          ...options.analysis,
          referenceBound,
          createdAt: now,
          updatedAt: now,
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) continue;
    busy.add(key);
    started.push(id);
  }
  if (started.length > 0) ctx.logger.info({ workspaceId, started }, "confirmations started");
  return started;
}
