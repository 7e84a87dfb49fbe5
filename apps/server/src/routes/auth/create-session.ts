import { defineHandler } from "../../http/handler.js";
import { sessionCookieHeader } from "../../http/session-cookie.js";
import { requestSignInLink } from "../../services/auth/request-sign-in-link.js";
import { startSession } from "../../services/auth/start-session.js";
import { toUserResponse } from "../../services/auth/to-user-response.js";

export const createSession = defineHandler("createSession")(
  async ({ app, body, requestId, req }) => {
    if (app.config.operatorMode !== "local") {
      const sent = await requestSignInLink({ ctx: app, email: body.email });
      return {
        status: 202,
        body: { status: "link_sent", email: sent.email, expiresAt: sent.expiresAt.toISOString() },
      };
    }
    const session = await app.prisma.$transaction((tx) =>
      startSession({
        ctx: app,
        tx,
        email: body.email,
        requestId,
        userAgent: req.get("user-agent"),
      }),
    );
    return {
      status: 201,
      headers: {
        "Set-Cookie": sessionCookieHeader(session.cookieValue, {
          expires: session.expiresAt,
          secure: app.config.operatorMode !== "local",
        }),
      },
      body: {
        status: "signed_in",
        user: toUserResponse(session.user),
        expiresAt: session.expiresAt.toISOString(),
      },
    };
  },
);
