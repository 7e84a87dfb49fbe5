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
