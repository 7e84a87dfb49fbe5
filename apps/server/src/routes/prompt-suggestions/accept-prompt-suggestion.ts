import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { acceptPromptSuggestions as accept } from "../../services/prompt-suggestions/accept-prompt-suggestions.js";

export const acceptPromptSuggestion = defineHandler("acceptPromptSuggestion")(
  async ({ app, principal, workspace, params, body, requestId }) => {
    const [accepted] = await accept({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      ids: [params.suggestionId],
      overrides: body ?? {},
    });
    if (!accepted) throw new Error("accepting one suggestion returned none");
    return { status: 200, body: accepted };
  },
);

export const acceptPromptSuggestions = defineHandler("acceptPromptSuggestions")(
  async ({ app, principal, workspace, body, requestId }) => ({
    status: 200,
    body: {
      data: await accept({
        ctx: app,
        principal,
        workspace: workspaceOf(workspace),
        requestId,
        ids: body.ids,
        overrides: { active: body.active },
      }),
    },
  }),
);
