import { defineHandler } from "../../http/handler.js";
import { startDeviceAuthorization as start } from "../../services/device-auth/start-device-authorization.js";

export const startDeviceAuthorization = defineHandler("startDeviceAuthorization")(
  async ({ op, body, req }) => ({
    status: 201,
    body: await start({ ...op, input: body, clientAddress: req.ip }),
  }),
);
