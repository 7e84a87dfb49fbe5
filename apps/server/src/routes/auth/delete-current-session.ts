import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { clearedSessionCookieHeader } from "../../http/session-cookie.js";
import { revokeSession } from "../../services/auth/revoke-session.js";

export const deleteCurrentSession = defineHandler("deleteCurrentSession")(async ({ op, app }) => {
  await revokeSession(sessionOp(op));
  return {
    status: 204,
    body: undefined,
    headers: { "Set-Cookie": clearedSessionCookieHeader(app.config.operatorMode !== "local") },
  };
});
