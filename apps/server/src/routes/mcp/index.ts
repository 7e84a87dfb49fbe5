import { errors } from "../../errors/app-error.js";
import { defineHandler, type HandlerRegistry } from "../../http/handler.js";
import { answerMcpMessage } from "../../services/assistant-tools/mcp/answer-mcp-message.js";

const postMcpMessage = defineHandler("postMcpMessage")(async ({ op, body, req }) =>
  answerMcpMessage({
    ...op,
    message: body,
    accept: req.headers.accept,
    contentType: req.headers["content-type"],
    protocolVersion: req.get("mcp-protocol-version"),
  }),
);

/** A stateless MCP server has no stream to offer and no session to end (Streamable HTTP transport). */
const notAllowed = async (): Promise<never> => {
  throw errors.methodNotAllowed(["POST"]);
};

/** The MCP server (docs/mcp.md). */
export const mcpHandlers: HandlerRegistry = {
  postMcpMessage,
  getMcpStream: defineHandler("getMcpStream")(notAllowed),
  deleteMcpSession: defineHandler("deleteMcpSession")(notAllowed),
};
