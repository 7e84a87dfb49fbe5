import type { HandlerRegistry } from "../../http/handler.js";
import {
  approveDeviceAuthorization,
  denyDeviceAuthorization,
} from "./decide-device-authorization.js";
import { exchangeDeviceCode } from "./exchange-device-code.js";
import { getDeviceAuthorization } from "./get-device-authorization.js";
import { startDeviceAuthorization } from "./start-device-authorization.js";

/** The device authorization flow (CLI login). */
export const deviceAuthHandlers: HandlerRegistry = {
  startDeviceAuthorization,
  getDeviceAuthorization,
  approveDeviceAuthorization,
  denyDeviceAuthorization,
  exchangeDeviceCode,
};
