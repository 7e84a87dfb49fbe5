import type { ResponseBody } from "@geopulse/api-types";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { errors } from "../../../errors/app-error.js";
import { clientAddressRange } from "../../../http/cidr.js";
import type { Operation, WorkspaceOperation } from "../../operation.js";
import { abuseLimits } from "../../rate-limit/abuse-limits.js";
import { takeTokens } from "../../rate-limit/token-bucket.js";
import { buildMcpServer } from "./build-mcp-server.js";

export interface AnswerMcpMessageOptions extends Operation {
  /** The parsed JSON-RPC message (the contract's JsonRpcMessage). */
  message: unknown;
  /** The request headers the transport reads. */
  accept: string | undefined;
  contentType: string | undefined;
  protocolVersion: string | undefined;
  /** The client's address (`req.ip`), which the expensive tools' limits count by. */
  clientAddress: string | undefined;
}

/** Tools whose calls cost enough to be limited per key and per address (a token bucket each). */
const limitedTools = new Set(["search_answers"]);

/** How many calls of a limited tool the JSON-RPC message (or batch) makes. */
function limitedCalls(message: unknown): number {
  const messages = Array.isArray(message) ? message : [message];
  return messages.filter((m) => {
    if (typeof m !== "object" || m === null) return false;
    const { method, params } = m as { method?: unknown; params?: { name?: unknown } };
    return method === "tools/call" && limitedTools.has(String(params?.name));
  }).length;
}

export type McpAnswer =
  | { status: 200; body: ResponseBody<"postMcpMessage", 200> }
  // The contract's 202 has no content, which the handler types only allow a 204 to say.
  | { status: 202; body: never };

/** Headers the transport checks, and the media types a client must accept. */
const acceptedTypes = ["application/json", "text/event-stream"];

/**
 * One message to the MCP server, stateless: a new server and transport for
 * this request (the SDK's documented stateless pattern), answered as JSON.
 * The web-standard transport hands the answer back as a value, so it leaves
 * through our own response path (envelope, validation, logging) and the
 * transport's own refusals become our error codes.
 */
export async function answerMcpMessage(options: AnswerMcpMessageOptions): Promise<McpAnswer> {
  const { principal } = options;
  if (principal.kind !== "api_key") throw errors.apiKeyRequired();
  const address = clientAddressRange(options.clientAddress);
  // Every call's tokens in one take: a refused message gives back what it took, counting nowhere.
  const calls = limitedCalls(options.message);
  if (calls > 0) {
    await takeTokens(
      options.ctx,
      Array.from({ length: calls }, () => [
        { bucket: `mcp-search:key:${principal.keyId}`, ...abuseLimits.mcpSearchPerKey },
        { bucket: `mcp-search:ip:${address}`, ...abuseLimits.mcpSearchPerAddress },
      ]).flat(),
    );
  }
  const op: WorkspaceOperation = {
    ...options,
    workspace: { id: principal.workspaceId, slug: principal.workspaceSlug, role: null },
  };
  const server = buildMcpServer(op, options.ctx.version);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  const headers = new Headers();
  if (options.accept) headers.set("accept", options.accept);
  if (options.contentType) headers.set("content-type", options.contentType);
  if (options.protocolVersion) headers.set("mcp-protocol-version", options.protocolVersion);
  try {
    const response = await transport.handleRequest(
      new Request("http://localhost/api/v1/mcp", { method: "POST", headers }),
      { parsedBody: options.message },
    );
    return await toAnswer(response);
  } finally {
    await server.close();
  }
}

async function toAnswer(response: Response): Promise<McpAnswer> {
  const text = await response.text();
  if (response.status === 200) return { status: 200, body: JSON.parse(text) };
  if (response.status === 202) return { status: 202, body: undefined as never };
  const refusal = text ? (JSON.parse(text) as { error?: { message?: string } }) : {};
  const message = refusal.error?.message ?? `The MCP transport answered ${response.status}.`;
  if (response.status === 406) throw errors.notAcceptable(acceptedTypes);
  if (response.status === 415) throw errors.unsupportedMediaType();
  if (response.status === 400) {
    const field = /protocol version/i.test(message) ? "header.mcp-protocol-version" : "body";
    throw errors.field(field, "mcp", message);
  }
  throw new Error(`Unexpected MCP transport answer ${response.status}: ${message}`);
}
