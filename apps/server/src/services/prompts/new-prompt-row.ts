import type { PromptCreate } from "@geopulse/api-types";
import type { Clock } from "../../clock.js";
import { newPromptId, promptText } from "./prompt-rules.js";

/** The row of a prompt added by hand or by an import, with its text's key. */
export function newPromptRow(options: {
  clock: Clock;
  workspaceId: string;
  input: PromptCreate;
  textKey: string;
  active: boolean;
  source: "manual" | "import";
  now: Date;
}) {
  const { input, now } = options;
  return {
    id: newPromptId(options.clock),
    workspaceId: options.workspaceId,
    text: promptText(input.text),
    textKey: options.textKey,
    category: input.category,
    language: input.language,
    region: input.region ?? null,
    tags: input.tags ?? [],
    active: options.active,
    source: options.source,
    createdAt: now,
    updatedAt: now,
  };
}
