import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { createWorkspace } from "../../services/workspaces/create-workspace.js";

export const createWorkspaceService = defineHandler("createWorkspaceService")(
  async ({ app, principal, body, requestId }) => ({
    status: 201,
    body: await createWorkspace({
      ctx: app,
      principal: sessionOf(principal),
      requestId,
      input: body,
    }),
  }),
);
