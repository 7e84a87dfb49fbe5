import type { Principal } from "../../http/principal.js";
import type { WorkspaceOperation } from "../operation.js";
import { creditBalanceTool } from "./tools/credit-balance.js";
import { getAnswerTool } from "./tools/get-answer.js";
import { getMetricsTool } from "./tools/get-metrics.js";
import { getScoreboardTool } from "./tools/get-scoreboard.js";
import { getSeoTrafficTool } from "./tools/get-seo-traffic.js";
import { getTimeseriesTool } from "./tools/get-timeseries.js";
import { listMetricChangesTool } from "./tools/list-metric-changes.js";
import { listPromptsTool } from "./tools/list-prompts.js";
import { listRecommendationsTool } from "./tools/list-recommendations.js";
import { listReportsTool } from "./tools/list-reports.js";
import { listRunsTool } from "./tools/list-runs.js";
import { getPageEvaluationTool, listPageEvaluationsTool } from "./tools/page-evaluations.js";
import { searchAnswersTool } from "./tools/search-answers.js";
import { surfaceGapTool } from "./tools/surface-gap.js";
import { topCitedDomainsTool } from "./tools/top-cited-domains.js";
import { type AssistantTool, type AssistantToolResult, ToolError } from "./types.js";

/** Every tool, in the order models and MCP clients see them. */
export const assistantTools: readonly AssistantTool[] = [
  getMetricsTool,
  getScoreboardTool,
  getTimeseriesTool,
  listMetricChangesTool,
  topCitedDomainsTool,
  surfaceGapTool,
  getSeoTrafficTool,
  listPromptsTool,
  listRunsTool,
  searchAnswersTool,
  getAnswerTool,
  listRecommendationsTool,
  listPageEvaluationsTool,
  getPageEvaluationTool,
  listReportsTool,
  creditBalanceTool,
] as AssistantTool[];

/** The tools this principal may call: all for a session member, those its scopes allow for a key. */
export function toolsFor(principal: Principal): AssistantTool[] {
  if (principal.kind === "session") return [...assistantTools];
  if (principal.kind !== "api_key") return [];
  return assistantTools.filter((tool) => principal.scopes.includes(tool.requiredScope));
}

/**
 * Calls one tool by name for the operation's principal. A tool the principal
 * may not call is refused here (one place), whatever a model asked for.
 */
export async function callAssistantTool(options: {
  op: WorkspaceOperation;
  name: string;
  args: unknown;
}): Promise<AssistantToolResult> {
  const tool = assistantTools.find((candidate) => candidate.name === options.name);
  if (!tool) throw new ToolError("unknown_tool", `There is no tool named ${options.name}.`);
  if (!toolsFor(options.op.principal).includes(tool)) {
    throw new ToolError(
      "insufficient_scope",
      `The caller lacks the scope ${tool.requiredScope}, which ${tool.name} needs.`,
    );
  }
  const args = options.args ?? {};
  if (typeof args !== "object" || Array.isArray(args)) {
    throw new ToolError("invalid_arguments", "Arguments must be a JSON object.");
  }
  return tool.execute({ op: options.op, args: args as Record<string, unknown> });
}
