import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { backfillWorkspaceInbox as backfill } from "../../services/workspaces/backfill-workspace-inbox.js";

export const backfillWorkspaceInbox = defineHandler("backfillWorkspaceInbox")(async ({ op }) => ({
  status: 200,
  body: await backfill(sessionOp(op)),
}));
