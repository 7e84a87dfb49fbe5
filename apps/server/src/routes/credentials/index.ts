import type { HandlerRegistry } from "../../http/handler.js";

/** Stored connector credential operations. */
export const credentialHandlers: HandlerRegistry = {};
