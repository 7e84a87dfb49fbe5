import type { Principal } from "../../http/principal.js";
import { callAssistantTool, toolsFor } from "../assistant-tools/registry.js";
import type { AssistantTool, AssistantToolResult } from "../assistant-tools/types.js";
import type { WorkspaceOperation } from "../operation.js";

/**
 * The tools a turn may use: which ones a principal is offered, and the one
 * entry point that calls them (and refuses what the principal may not call).
 * The registry in production; tests may give the app context another.
 */
export interface AssistantToolbox {
  toolsFor(principal: Principal): AssistantTool[];
  call(options: {
    op: WorkspaceOperation;
    name: string;
    args: unknown;
  }): Promise<AssistantToolResult>;
}

export const registryToolbox: AssistantToolbox = { toolsFor, call: callAssistantTool };

/** The names of the tools whose stored results `reader` may see: those it may call. */
export function readableToolNames(
  toolbox: AssistantToolbox | undefined,
  reader: Principal,
): ReadonlySet<string> {
  return new Set((toolbox ?? registryToolbox).toolsFor(reader).map((tool) => tool.name));
}
