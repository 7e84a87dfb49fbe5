import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { startConnectionOAuth as start } from "../../services/connections/start-connection-oauth.js";

export const startConnectionOAuth = defineHandler("startConnectionOAuth")(async ({ op, body }) => ({
  status: 200,
  body: await start({ ...sessionOp(op), input: body }),
}));
