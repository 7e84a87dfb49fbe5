import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { completeConnectionOAuth } from "../../services/connections/complete-connection-oauth.js";
import { oauthConnectedPage } from "../../services/connections/oauth-connected-page.js";

export const connectionOAuthCallback = defineHandler("connectionOAuthCallback")(
  async ({ op, query }) => {
    const done = await completeConnectionOAuth({ ...sessionOp(op), query });
    const html = oauthConnectedPage({
      workspace: done.workspace.slug,
      connected: done.connections.data
        .filter((c) => done.providers.includes(c.provider))
        .map((c) => ({ provider: c.provider, property: c.property })),
    });
    return {
      status: 200,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
      },
      stream: async (out) => {
        out.end(html);
      },
    };
  },
);
