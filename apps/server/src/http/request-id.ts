import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/** Honours a well-formed incoming X-Request-Id (from a proxy); otherwise mints one. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && acceptable.test(incoming)) return incoming;
  return newRequestId();
}

/**
 * 122 random bits: unique and unguessable. randomUUID draws from a buffered pool of
 * entropy, so a request costs no randomFillSync call of its own.
 */
export function newRequestId(): string {
  return `req_${randomUUID()}`;
}
