import type { ChatCitation } from "@geopulse/api-types";
import { AppError } from "../../errors/app-error.js";
import { type AssistantToolResult, ToolError } from "../assistant-tools/types.js";
import { maxToolCallsPerStep, maxToolOutputChars, maxTurnToolOutputChars } from "./model-limits.js";

/** One tool call's outcome as the turn records it and hands it to the model. */
export interface ToolOutcome {
  summary: string;
  /** The data as the model reads it: the tool's, or its JSON cut at the bound. */
  result: unknown;
  error: string | null;
  citations: ChatCitation[];
  /** The JSON text the model receives (a function_call_output / tool_result): data, never instructions. */
  output: string;
}

/** The data, or its JSON text cut at the bound when it is larger. */
function bounded(data: unknown): unknown {
  const json = JSON.stringify(data, (_key, value) =>
    typeof value === "bigint" ? Number(value) : value,
  );
  if (json === undefined) return null;
  return json.length <= maxToolOutputChars
    ? (JSON.parse(json) as unknown)
    : { truncatedJson: json.slice(0, maxToolOutputChars) };
}

export function toolSuccess(result: AssistantToolResult): ToolOutcome {
  const data = bounded(result.data);
  return {
    summary: result.summary,
    result: data,
    error: null,
    citations: result.citations as ChatCitation[],
    output: JSON.stringify({ summary: result.summary, data }),
  };
}

export function toolFailure(error: { code: string; message: string }): ToolOutcome {
  return {
    summary: `refused: ${error.message}`,
    result: null,
    error: error.code,
    citations: [],
    output: JSON.stringify({ error: { code: error.code, message: error.message } }),
  };
}

/** A call the turn's limits refuse (not run): what the model reads instead of a result. */
export function toolLimited(code: "tool_call_limit" | "turn_tool_output_limit"): ToolOutcome {
  return toolFailure({
    code,
    message:
      code === "tool_call_limit"
        ? `At most ${maxToolCallsPerStep} tool calls per step: this call was not run.`
        : `This turn has read its ${maxTurnToolOutputChars} characters of tool output: this call was not run; answer with what you have.`,
  });
}

/** Runs a tool call; a refusal (scope, unknown tool, bad arguments, not found) is an outcome, not a failure of the turn. */
export async function callTool(call: () => Promise<AssistantToolResult>): Promise<ToolOutcome> {
  try {
    return toolSuccess(await call());
  } catch (error) {
    if (error instanceof ToolError) return toolFailure(error);
    // A service's client error (a filter it refuses, an id it does not know) is the model's to read.
    if (error instanceof AppError && error.status < 500) return toolFailure(error);
    throw error;
  }
}
