import { defineHandler, type HandlerRegistry } from "../../http/handler.js";
import { answerMcpMessage } from "../../services/assistant-tools/mcp/answer-mcp-message.js";

/** The MCP server (docs/mcp.md); GET and DELETE are not in the contract, so they answer 405. */
export const mcpHandlers: HandlerRegistry = {
  postMcpMessage: defineHandler("postMcpMessage")(async ({ op, body, req }) =>
    answerMcpMessage({
      ...op,
      message: body,
      accept: req.headers.accept,
      contentType: req.headers["content-type"],
      protocolVersion: req.get("mcp-protocol-version"),
      clientAddress: req.ip,
    }),
  ),
};
