import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { decideDeviceAuthorization } from "../../services/device-auth/decide-device-authorization.js";

export const denyDeviceAuthorization = defineHandler("denyDeviceAuthorization")(
  async ({ app, principal, params, requestId, req }) => ({
    status: 200,
    body: await decideDeviceAuthorization({
      ctx: app,
      principal: sessionOf(principal),
      requestId,
      userCode: params.code,
      clientAddress: req.ip,
      decision: { approve: false },
    }),
  }),
);
