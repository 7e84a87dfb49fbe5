import { defineHandler } from "../../http/handler.js";
import { configureConnections as configureConnectionsService } from "../../services/connections/configure-connections.js";

export const configureConnections = defineHandler("configureConnections")(async ({ op, body }) => ({
  status: 200,
  body: await configureConnectionsService({ ...op, input: body }),
}));
