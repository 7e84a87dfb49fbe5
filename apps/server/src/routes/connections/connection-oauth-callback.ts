import type { Request } from "express";
import { AppError } from "../../errors/app-error.js";
import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { completeConnectionOAuth } from "../../services/connections/complete-connection-oauth.js";
import {
  oauthConnectedPage,
  oauthFailedPage,
} from "../../services/connections/oauth-connected-page.js";

const pageHeaders = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
};

/** A person's browser (it prefers HTML), not a client reading the JSON envelope. */
const isBrowser = (req: Request) => req.accepts(["application/json", "text/html"]) === "text/html";

export const connectionOAuthCallback = defineHandler("connectionOAuthCallback")(
  async ({ op, query, req, requestId }) => {
    // Google sends the person here: a refusal (400) is told in words with the way back.
    const done = await completeConnectionOAuth({ ...sessionOp(op), query }).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.status === 400 && isBrowser(req)) return error;
        throw error;
      },
    );
    if (done instanceof AppError) {
      const workspace = done.details?.workspace;
      const html = oauthFailedPage({
        code: done.code,
        message: done.message,
        requestId,
        workspace: typeof workspace === "string" ? workspace : undefined,
      });
      return { status: 400, headers: pageHeaders, stream: async (out) => void out.end(html) };
    }
    const html = oauthConnectedPage({
      workspace: done.workspace.slug,
      connected: done.connections.data
        .filter((c) => done.providers.includes(c.provider))
        .map((c) => ({ provider: c.provider, property: c.property })),
    });
    return { status: 200, headers: pageHeaders, stream: async (out) => void out.end(html) };
  },
);
