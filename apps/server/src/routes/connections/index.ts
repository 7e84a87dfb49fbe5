import type { HandlerRegistry } from "../../http/handler.js";
import { configureConnections } from "./configure-connections.js";
import { connectionOAuthCallback } from "./connection-oauth-callback.js";
import { disconnectConnection } from "./disconnect-connection.js";
import { listConnections } from "./list-connections.js";
import { startConnectionOAuth } from "./start-connection-oauth.js";
import { testConnection } from "./test-connection.js";

/** Google Search Console and GA4 connections (docs/connections.md). */
export const connectionHandlers: HandlerRegistry = {
  listConnections,
  configureConnections,
  testConnection,
  disconnectConnection,
  startConnectionOAuth,
  connectionOAuthCallback,
};
