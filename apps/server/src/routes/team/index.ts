import type { HandlerRegistry } from "../../http/handler.js";

/** Team operations: members and invitations. */
export const teamHandlers: HandlerRegistry = {};
