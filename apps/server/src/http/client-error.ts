import { maxHeaderSize } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { type AppError, errors } from "../errors/app-error.js";
import { newRequestId } from "./request-id.js";

const reasons: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/** What Node's HTTP parser refused, as an AppError (by the parser's error code). */
function clientErrorOf(error: NodeJS.ErrnoException): AppError {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return errors.headersTooLarge(maxHeaderSize);
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return errors.requestTimeout();
  }
  return errors.malformedRequest();
}

/**
 * Answers what Node's HTTP parser refuses before Express sees a request (headers
 * too large, a malformed request line, a timeout) with the error envelope and a
 * fresh request id, instead of Node's bare status line. There is no request or
 * response object yet, so the answer is written to the socket as is.
 */
export function answerClientError(logger: Logger) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    // Nothing to answer on a connection the peer reset or that is already answering.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
      ?.headersSent;
    if (error.code === "ECONNRESET" || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const appError = clientErrorOf(error);
    const requestId = newRequestId();
    logger.info(
      { requestId, code: appError.code, status: appError.status, parserError: error.code },
      "request rejected by the HTTP parser",
    );
    const body = JSON.stringify({
      error: { code: appError.code, message: appError.message, requestId },
    });
    socket.end(
      [
        `HTTP/1.1 ${appError.status} ${reasons[appError.status] ?? "Bad Request"}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  };
}
