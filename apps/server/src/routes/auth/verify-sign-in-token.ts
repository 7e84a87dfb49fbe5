import { defineHandler } from "../../http/handler.js";
import { sessionCookieHeader } from "../../http/session-cookie.js";
import { consumeSignInToken } from "../../services/auth/consume-sign-in-token.js";
import { startSession } from "../../services/auth/start-session.js";
import { toUserResponse } from "../../services/auth/to-user-response.js";

export const verifySignInToken = defineHandler("verifySignInToken")(
  async ({ app, body, requestId, req }) => {
    const session = await app.prisma.$transaction(async (tx) => {
      const email = await consumeSignInToken({ tx, clock: app.clock, token: body.token });
      return startSession({ ctx: app, tx, email, requestId, userAgent: req.get("user-agent") });
    });
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
