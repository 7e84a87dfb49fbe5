import type { Scope } from "@geopulse/api-types";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import type { WorkspaceOperation } from "../operation.js";
import { fitResult } from "./result-bounds.js";
import { type AssistantTool, type AssistantToolResult, ToolError } from "./types.js";

/**
 * A tool from its zod arguments: the JSON Schema models and MCP clients see is
 * derived from the same schema that validates (one source), and the service
 * errors a read can raise become tool errors a model can act on.
 */
export function defineTool<Args extends z.ZodObject>(spec: {
  name: string;
  description: string;
  requiredScope: Scope;
  args: Args;
  run(options: { op: WorkspaceOperation; args: z.infer<Args> }): Promise<AssistantToolResult>;
}): AssistantTool {
  const strict = spec.args.strict();
  const tool: AssistantTool = {
    name: spec.name,
    description: spec.description,
    requiredScope: spec.requiredScope,
    inputSchema: jsonSchemaOf(strict),
    async execute({ op, args }) {
      const parsed = parseArgs(strict, args) as z.infer<Args>;
      const result = await spec.run({ op, args: parsed }).catch(toToolError);
      return fitResult(result);
    },
  };
  argsSchemas.set(tool, strict);
  return tool;
}

/** Each defined tool's strict argument schema, for checks that run no tool (the chat planner's tests). */
const argsSchemas = new WeakMap<AssistantTool, z.ZodObject>();

/** The arguments as `tool` would accept them, or the `invalid_arguments` ToolError it would give. */
export function checkToolArgs(tool: AssistantTool, args: unknown): Record<string, unknown> {
  const schema = argsSchemas.get(tool);
  if (!schema) throw new Error(`${tool.name} was not made by defineTool.`);
  return parseArgs(schema, args) as Record<string, unknown>;
}

function jsonSchemaOf(schema: z.ZodObject): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input" });
  return json;
}

/** The arguments, or `invalid_arguments` naming each field that is wrong. */
export function parseArgs<Schema extends z.ZodType>(
  schema: Schema,
  args: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const field = [...issue.path.map(String), ...unknownKeys].join(".") || "arguments";
    return unknownKeys.length > 0
      ? `${field}: not an argument of this tool`
      : `${field}: ${issue.message}`;
  });
  throw new ToolError("invalid_arguments", `Invalid arguments: ${problems.join("; ")}.`);
}

/** A service's refusal of the request (bad range, unknown id) as the tool error a model reads. */
function toToolError(error: unknown): never {
  if (error instanceof AppError) {
    if (error.code === "invalid_request") {
      const fields = (error.details?.fields ?? []) as Array<{ field: string; message: string }>;
      const named = fields.map(
        (f) => `${f.field.replace(/^(query|body|path)\./, "")}: ${f.message}`,
      );
      throw new ToolError("invalid_arguments", named.length > 0 ? named.join("; ") : error.message);
    }
    if (error.status === 404) throw new ToolError("not_found", error.message);
  }
  throw error;
}
