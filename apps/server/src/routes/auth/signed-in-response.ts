import type { AppContext } from "../../context.js";
import { sessionCookieHeader } from "../../http/session-cookie.js";
import type { StartedSession } from "../../services/auth/start-session.js";
import { toUserResponse } from "../../services/auth/to-user-response.js";

/** The 201 of a completed sign-in: the session cookie and who is signed in. */
export function signedInResponse(app: AppContext, session: StartedSession) {
  return {
    status: 201 as const,
    headers: {
      "Set-Cookie": sessionCookieHeader(session.cookieValue, {
        expires: session.expiresAt,
        secure: app.config.operatorMode !== "local",
      }),
    },
    body: {
      status: "signed_in" as const,
      user: toUserResponse(session.user),
      expiresAt: session.expiresAt.toISOString(),
    },
  };
}
