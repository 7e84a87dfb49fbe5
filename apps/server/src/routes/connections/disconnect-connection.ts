import { defineHandler } from "../../http/handler.js";
import { disconnectConnection as disconnectConnectionService } from "../../services/connections/disconnect-connection.js";

export const disconnectConnection = defineHandler("disconnectConnection")(
  async ({ op, params }) => ({
    status: 200,
    body: await disconnectConnectionService({ ...op, provider: params.provider }),
  }),
);
