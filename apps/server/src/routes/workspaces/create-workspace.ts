import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { createWorkspace } from "../../services/workspaces/create-workspace.js";

export const createWorkspaceService = defineHandler("createWorkspaceService")(
  async ({ op, body, req }) => ({
    status: 201,
    body: await createWorkspace({ ...sessionOp(op), input: body, clientAddress: req.ip }),
  }),
);
