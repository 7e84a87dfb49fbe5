import { newId } from "../../src/ids.js";
import { promptTextKey } from "../../src/services/prompts/prompt-rules.js";
import type { TestServer } from "../harness/test-server.js";

/** Pending suggestions written directly (generation and research have their own tests). */
export async function seedSuggestions(
  t: TestServer,
  slug: string,
  texts: string[],
  source: "generation" | "research" = "generation",
): Promise<string[]> {
  const prisma = t.server.ctx.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const ids = texts.map(() => newId("sug", t.clock));
  await prisma.promptSuggestion.createMany({
    data: texts.map((text, i) => ({
      id: ids[i] ?? "",
      workspaceId: workspace.id,
      source,
      provider: "simulated",
      simulated: true,
      text,
      textKey: promptTextKey(text),
      category: "discovery",
      language: "en",
      status: "pending",
      createdAt: t.clock.now(),
    })),
  });
  return ids;
}
