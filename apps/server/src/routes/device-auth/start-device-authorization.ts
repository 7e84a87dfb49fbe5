import { defineHandler } from "../../http/handler.js";
import { startDeviceAuthorization as start } from "../../services/device-auth/start-device-authorization.js";

export const startDeviceAuthorization = defineHandler("startDeviceAuthorization")(
  async ({ app, body, req }) => ({
    status: 201,
    body: await start({ ctx: app, input: body, clientAddress: req.ip }),
  }),
);
