import { operations } from "@geopulse/api-types";
import type { Middleware } from "openapi-fetch";
import { retryableHeader } from "./retrying-fetch.js";

type Mode = "body" | "header";
const modeByRoute = new Map<string, Mode>(
  Object.values(operations).flatMap((op) =>
    op.idempotencyKey ? [[`${op.method} ${op.path}`, op.idempotencyKey as Mode] as const] : [],
  ),
);

/**
 * A random UUID v4 for an idempotency key. Browsers offer `crypto.randomUUID` only in
 * secure contexts (https, localhost): a dashboard served over plain http on a LAN address
 * has only `getRandomValues`, from which the same UUID is built.
 */
export function randomKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * For operations that accept an idempotency key: adds one when the caller did
 * not (a random UUID), and marks the request safe to retry. Retries resend the
 * same request, so the key is the same on every attempt.
 */
export function idempotencyMiddleware(generateKey: () => string): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const mode = modeByRoute.get(`${request.method} ${schemaPath}`);
      if (!mode) return undefined;
      const headers = new Headers(request.headers);
      headers.set(retryableHeader, "1");
      if (mode === "header") {
        if (!headers.has("idempotency-key")) headers.set("idempotency-key", generateKey());
        return new Request(request, { headers });
      }
      const text = await request.clone().text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      if (typeof body.idempotencyKey !== "string") body.idempotencyKey = generateKey();
      return new Request(request, { headers, body: JSON.stringify(body) });
    },
  };
}
