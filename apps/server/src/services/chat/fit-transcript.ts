import { providerOverheadTokens } from "../../engines/catalog/chat-step-budget.js";
import type { ChatToolSpec, TranscriptItem } from "../../engines/chat/chat-model.js";

/** What a tool output cut to fit the budget is replaced by (the model reads that it was cut). */
export const omittedToolOutput = JSON.stringify({
  omitted:
    "This earlier tool result was cut to fit the step's input budget; call the tool again if needed.",
});

/**
 * Input tokens of a text, at most: its UTF-8 bytes (a byte-level tokenizer never makes more
 * tokens than bytes). The JSON of what is sent counts its quoting too, so this bounds what a
 * provider can bill for it.
 */
export const tokensAtMost = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

export interface FitTranscriptOptions {
  system: string;
  tools: readonly ChatToolSpec[] | null;
  transcript: readonly TranscriptItem[];
  /** Index of this turn's question in the transcript; what comes before is the thread's history. */
  questionIndex: number;
  budgetTokens: number;
}

export interface FittedTranscript {
  transcript: TranscriptItem[];
  /** The most input tokens the step can be billed for (the provider's overhead included). */
  inputTokensAtMost: number;
  /** History messages dropped and tool outputs cut to fit. */
  droppedHistory: number;
  cutToolOutputs: number;
}

/**
 * The transcript a step sends, cut to the model's input budget (chat-step-budget.ts): first
 * the thread's oldest history (whole messages, so it still starts with a question), then this
 * turn's oldest tool outputs (replaced by a note; the call stays paired with its output).
 * Undefined when even that does not fit: the turn ends instead of sending more than its
 * ceiling pays for.
 */
export function fitTranscript(options: FitTranscriptOptions): FittedTranscript | undefined {
  const fixed =
    providerOverheadTokens + tokensAtMost(options.system) + tokensAtMost(options.tools ?? []);
  const items = [...options.transcript];
  const sizes = items.map(tokensAtMost);
  let total = fixed + sizes.reduce((sum, size) => sum + size, 0);
  let questionIndex = options.questionIndex;
  let droppedHistory = 0;
  while (total > options.budgetTokens && questionIndex > 0) {
    // Drop the oldest message, and any reply left at the front without its question.
    do {
      total -= sizes.shift() ?? 0;
      items.shift();
      questionIndex--;
      droppedHistory++;
    } while (questionIndex > 0 && items[0]?.kind !== "user");
  }
  let cutToolOutputs = 0;
  for (let i = questionIndex; i < items.length && total > options.budgetTokens; i++) {
    const item = items[i];
    if (item?.kind !== "tool_output" || item.output === omittedToolOutput) continue;
    const cut: TranscriptItem = { ...item, output: omittedToolOutput };
    const size = tokensAtMost(cut);
    total += size - (sizes[i] ?? 0);
    sizes[i] = size;
    items[i] = cut;
    cutToolOutputs++;
  }
  if (total > options.budgetTokens) return undefined;
  return { transcript: items, inputTokensAtMost: total, droppedHistory, cutToolOutputs };
}
