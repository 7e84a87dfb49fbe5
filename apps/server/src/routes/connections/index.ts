import type { HandlerRegistry } from "../../http/handler.js";
import { configureConnections } from "./configure-connections.js";
import { disconnectConnection } from "./disconnect-connection.js";
import { listConnections } from "./list-connections.js";
import { testConnection } from "./test-connection.js";

/** Google Search Console and GA4 connections (docs/connections.md). */
export const connectionHandlers: HandlerRegistry = {
  listConnections,
  configureConnections,
  testConnection,
  disconnectConnection,
};
