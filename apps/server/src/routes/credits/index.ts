import type { HandlerRegistry } from "../../http/handler.js";
import { getCreditBalance } from "./get-credit-balance.js";
import { getCreditUsage } from "./get-credit-usage.js";
import { mockTopUp } from "./mock-top-up.js";

/** Credit balance, usage ledger and mock top-up. */
export const creditHandlers: HandlerRegistry = { getCreditBalance, getCreditUsage, mockTopUp };
