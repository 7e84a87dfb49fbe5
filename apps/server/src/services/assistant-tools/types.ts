import type { Scope } from "@geopulse/api-types";
import type { WorkspaceOperation } from "../operation.js";

/**
 * A read-only tool over one workspace's data, shared by the chat assistant
 * (services/chat) and the MCP server (routes/mcp). A tool reads through the
 * same services the API uses, never raw SQL chosen by a model, and never
 * writes or fetches: engine and web text in its result is untrusted data.
 */
export interface AssistantTool<Args = Record<string, unknown>> {
  /** snake_case, stable: models and MCP clients call it by this name. */
  name: string;
  /** One or two sentences a model reads to decide when to call it. */
  description: string;
  /** JSON Schema (draft 2020-12 subset: object, properties, required, enum, bounds) of the arguments. */
  inputSchema: Record<string, unknown>;
  /** The scope the caller must hold (an API key's scopes; a session member holds all). */
  requiredScope: Scope;
  /** Validates `args` (400-style failure as a ToolError) and reads. */
  execute(options: { op: WorkspaceOperation; args: Args }): Promise<AssistantToolResult>;
}

/** What a tool answers: the data a model reads, and where each number comes from. */
export interface AssistantToolResult {
  /** JSON-serialisable, bounded (a tool truncates lists; at most ~16 KB serialised). */
  data: unknown;
  /** One line for progress displays ("visibility 41.2% over 3 engines, 2026-11-01..2026-11-23"). */
  summary: string;
  /** Sources a client can open for the numbers in `data`. */
  citations: AssistantCitation[];
}

/**
 * One source of a stated number: a metric read with its filter, or a stored
 * answer (run id + response id). Same shape as the contract's ChatCitation.
 */
export type AssistantCitation =
  | {
      kind: "metric";
      metric: string;
      /** The filter the number was read with (dates, engine, entity, tag, ...). */
      filter: Record<string, string | number | null>;
    }
  | { kind: "response"; runId: string; responseId: string; promptId?: string; engine?: string };

/** A tool call the caller may not make or whose arguments are invalid; given back to the model as a tool error. */
export class ToolError extends Error {
  constructor(
    readonly code: "insufficient_scope" | "invalid_arguments" | "not_found" | "unknown_tool",
    message: string,
  ) {
    super(message);
  }
}
