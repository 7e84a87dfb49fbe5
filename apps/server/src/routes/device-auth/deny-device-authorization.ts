import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { decideDeviceAuthorization } from "../../services/device-auth/decide-device-authorization.js";

export const denyDeviceAuthorization = defineHandler("denyDeviceAuthorization")(
  async ({ op, params, req }) => ({
    status: 200,
    body: await decideDeviceAuthorization({
      ...op,
      principal: sessionOf(op.principal),
      userCode: params.code,
      clientAddress: req.ip,
      decision: { approve: false },
    }),
  }),
);
