import { defineHandler } from "../../http/handler.js";
import { requestSignInLink } from "../../services/auth/request-sign-in-link.js";
import { startSession } from "../../services/auth/start-session.js";
import { signedInResponse } from "./signed-in-response.js";

export const createSession = defineHandler("createSession")(async ({ op, app, body, req }) => {
  if (app.config.operatorMode !== "local") {
    const sent = await requestSignInLink({ ...op, email: body.email, clientAddress: req.ip });
    return {
      status: 202,
      body: { status: "link_sent", email: sent.email, expiresAt: sent.expiresAt.toISOString() },
    };
  }
  const session = await app.prisma.$transaction((tx) =>
    startSession({ ...op, tx, email: body.email, userAgent: req.get("user-agent") }),
  );
  return signedInResponse(app, session);
});
