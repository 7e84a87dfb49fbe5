import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/** Honours a well-formed incoming X-Request-Id (from a proxy); otherwise mints one. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && acceptable.test(incoming)) return incoming;
  return newRequestId();
}

export function newRequestId(): string {
  return `req_${randomBytes(12).toString("base64url")}`;
}
