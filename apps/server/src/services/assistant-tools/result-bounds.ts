import type { AssistantToolResult } from "./types.js";

/** Serialised size a tool result's data stays within (a model's context is the budget). */
export const MAX_RESULT_BYTES = 16_000;

/** Characters of engine text a list shows per answer; one answer shows at most MAX_ANSWER_CHARS. */
export const EXCERPT_CHARS = 400;
export const MAX_ANSWER_CHARS = 6_000;

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");

/**
 * The leading items of a list whose serialised size fits `budget` bytes, and
 * whether some were left out: lists shrink item by item, never mid-item.
 */
export function fitList<Item>(items: readonly Item[], budget: number) {
  const kept: Item[] = [];
  let used = 2;
  for (const item of items) {
    used += sizeOf(item) + 1;
    if (used > budget) break;
    kept.push(item);
  }
  return { items: kept, truncated: kept.length < items.length };
}

/** At most `max` characters of a text, marked when cut. */
export function excerpt(text: string, max = EXCERPT_CHARS): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  return { text: `${text.slice(0, max)}…`, truncated: true };
}

/**
 * The last guard: a result whose data is still over the bound (a tool's own
 * trimming is the rule) is replaced by a note, so no tool can flood a model.
 */
export function fitResult(result: AssistantToolResult): AssistantToolResult {
  const size = sizeOf(result.data);
  if (size <= MAX_RESULT_BYTES) return result;
  return {
    ...result,
    data: {
      truncated: true,
      note: `The result (${size} bytes) exceeded ${MAX_RESULT_BYTES} bytes; narrow the filters or the limit.`,
    },
  };
}
