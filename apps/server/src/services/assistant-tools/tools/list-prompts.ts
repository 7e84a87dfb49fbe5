import { z } from "zod";
import { listPrompts } from "../../prompts/list-prompts.js";
import { defineTool } from "../define-tool.js";
import { metricCitation } from "../metric-views.js";
import { categoryArg, limitArg } from "../tool-args.js";

export const listPromptsTool = defineTool({
  name: "list_prompts",
  description:
    "The workspace's tracked prompts (the questions runs ask the engines), newest first, filtered by tag, category, activity or a substring of the text.",
  requiredScope: "prompts:read",
  args: z.object({
    tag: z.string().min(1).max(40).describe("Only prompts with this tag.").optional(),
    text: z
      .string()
      .min(1)
      .max(200)
      .describe("A substring of the prompt, ignoring case.")
      .optional(),
    category: categoryArg.optional(),
    active: z
      .boolean()
      .describe("Only prompts in (true) or out of (false) the active set.")
      .optional(),
    limit: limitArg(50, 20),
  }),
  async run({ op, args }) {
    const page = await listPrompts({
      ...op,
      query: {
        tag: args.tag,
        q: args.text,
        category: args.category,
        active: args.active,
        limit: args.limit,
      },
    });
    const prompts = page.data.map((p) => ({
      promptId: p.promptId,
      text: p.text,
      category: p.category,
      language: p.language,
      region: p.region,
      tags: p.tags,
      active: p.active,
    }));
    return {
      data: { prompts, more: page.nextCursor !== null },
      summary: `${prompts.length} prompt(s)${page.nextCursor ? " (more exist)" : ""}`,
      citations: [
        metricCitation("prompts", { tag: args.tag, text: args.text, category: args.category }),
      ],
    };
  },
});
