import { defineHandler } from "../../http/handler.js";
import { testConnection as testConnectionService } from "../../services/connections/test-connection.js";

export const testConnection = defineHandler("testConnection")(async ({ op, params }) => ({
  status: 200,
  body: await testConnectionService({ ...op, provider: params.provider }),
}));
