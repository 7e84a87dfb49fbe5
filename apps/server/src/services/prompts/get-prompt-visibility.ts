import type { PromptVisibility } from "@geopulse/api-types";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { addDaysWithin, dayOf, dayStart } from "../../days.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { wilsonInterval } from "../../metrics/intervals.js";
import { findPrompt } from "./prompt-rules.js";

export const DEFAULT_VISIBILITY_DAYS = 28;

export interface GetPromptVisibilityOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  promptId: string;
  days?: number | undefined;
}

/**
 * One prompt's visibility per engine from its stored, analysed answers of the last `days`
 * UTC days (by the run's creation, as the rollups count days): the share mentioning the brand
 * with its Wilson interval, the method docs/metrics.md uses for one engine on few answers.
 */
export async function getPromptVisibility({
  ctx,
  workspace,
  promptId,
  days = DEFAULT_VISIBILITY_DAYS,
}: GetPromptVisibilityOptions): Promise<PromptVisibility> {
  const prompt = await findPrompt(ctx.prisma, workspace.id, promptId);
  const to = dayOf(ctx.clock.now());
  const from = addDaysWithin(to, 1 - days);
  const fromStart = dayStart(from);
  const answers = await ctx.prisma.engineResponse.findMany({
    where: {
      workspaceId: workspace.id,
      promptId: prompt.id,
      status: "succeeded",
      purpose: "measurement",
      analysisVersion: ANALYSIS_VERSION,
      run: { createdAt: { gte: fromStart } },
    },
    select: {
      engine: true,
      mentions: {
        where: { isSelf: true, analysisVersion: ANALYSIS_VERSION },
        select: { count: true },
      },
    },
  });
  const byEngine = new Map<string, { n: number; mentioned: number }>();
  for (const answer of answers) {
    const row = byEngine.get(answer.engine) ?? { n: 0, mentioned: 0 };
    row.n += 1;
    if (answer.mentions.some((m) => m.count > 0)) row.mentioned += 1;
    byEngine.set(answer.engine, row);
  }
  const engines = [...byEngine.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([engine, { n, mentioned }]) => {
      const [ciLow, ciHigh] = wilsonInterval(mentioned, n);
      return { engine, mentioned, visibility: { value: mentioned / n, ciLow, ciHigh, n } };
    });
  return { promptId: prompt.id, from, to, engines };
}
