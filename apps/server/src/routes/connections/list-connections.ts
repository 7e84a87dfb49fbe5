import { defineHandler } from "../../http/handler.js";
import { listConnections as listConnectionsService } from "../../services/connections/list-connections.js";

export const listConnections = defineHandler("listConnections")(async ({ op }) => ({
  status: 200,
  body: await listConnectionsService(op),
}));
