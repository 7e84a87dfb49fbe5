import { defineHandler } from "../../http/handler.js";
import { suggestPromptsFromSearchConsole as suggest } from "../../services/seo/suggest-prompts-from-search-console.js";

export const suggestPromptsFromSearchConsole = defineHandler("suggestPromptsFromSearchConsole")(
  async ({ op, body }) => ({ status: 200, body: await suggest({ ...op, input: body }) }),
);
