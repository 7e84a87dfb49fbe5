import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { clearedSessionCookieHeader } from "../../http/session-cookie.js";
import { revokeSession } from "../../services/auth/revoke-session.js";

export const deleteCurrentSession = defineHandler("deleteCurrentSession")(
  async ({ app, principal, requestId }) => {
    await revokeSession({ ctx: app, principal: sessionOf(principal), requestId });
    return {
      status: 204,
      body: undefined,
      headers: { "Set-Cookie": clearedSessionCookieHeader(app.config.operatorMode !== "local") },
    };
  },
);
