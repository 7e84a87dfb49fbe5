import { defineHandler } from "../../http/handler.js";
import { consumeSignInToken } from "../../services/auth/consume-sign-in-token.js";
import { startSession } from "../../services/auth/start-session.js";
import { signedInResponse } from "./signed-in-response.js";

export const verifySignInToken = defineHandler("verifySignInToken")(
  async ({ op, app, body, req }) => {
    const session = await app.prisma.$transaction(async (tx) => {
      const email = await consumeSignInToken({ tx, clock: app.clock, token: body.token });
      return startSession({ ...op, tx, email, userAgent: req.get("user-agent") });
    });
    return signedInResponse(app, session);
  },
);
