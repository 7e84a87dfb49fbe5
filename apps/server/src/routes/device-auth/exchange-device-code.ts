import { defineHandler } from "../../http/handler.js";
import { exchangeDeviceCode as exchange } from "../../services/device-auth/exchange-device-code.js";

export const exchangeDeviceCode = defineHandler("exchangeDeviceCode")(
  async ({ app, params, requestId }) => ({
    status: 200,
    body: await exchange({ ctx: app, deviceCode: params.code, requestId }),
  }),
);
