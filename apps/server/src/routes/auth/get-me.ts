import { errors } from "../../errors/app-error.js";
import { defineHandler } from "../../http/handler.js";
import { toUserResponse } from "../../services/auth/to-user-response.js";

export const getMe = defineHandler("getMe")(async ({ app, principal }) => {
  if (principal.kind === "api_key") {
    return {
      status: 200,
      body: {
        principal: "api_key",
        user: null,
        apiKey: {
          keyId: principal.keyId,
          workspace: principal.workspaceSlug,
          scopes: principal.scopes,
          prefix: principal.prefix,
          last4: principal.last4,
        },
      },
    };
  }
  if (principal.kind !== "session") throw errors.unauthenticated();
  const user = await app.prisma.user.findUniqueOrThrow({ where: { id: principal.userId } });
  return { status: 200, body: { principal: "session", user: toUserResponse(user), apiKey: null } };
});
