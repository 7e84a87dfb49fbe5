import { defineHandler } from "../../http/handler.js";
import { exchangeDeviceCode as exchange } from "../../services/device-auth/exchange-device-code.js";

export const exchangeDeviceCode = defineHandler("exchangeDeviceCode")(async ({ op, params }) => ({
  status: 200,
  body: await exchange({ ...op, deviceCode: params.code }),
}));
