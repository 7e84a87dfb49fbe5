import { describe, expect, it } from "vitest";
import type { TranscriptItem } from "../../src/engines/chat/chat-model.js";
import {
  fitTranscript,
  omittedToolOutput,
  tokensAtMost,
} from "../../src/services/chat/fit-transcript.js";

const history: TranscriptItem[] = [
  { kind: "user", text: "old question 1" },
  { kind: "assistant", text: "old answer 1 ".repeat(200), toolCalls: [] },
  { kind: "user", text: "old question 2" },
  { kind: "assistant", text: "old answer 2 ".repeat(200), toolCalls: [] },
];
const turn: TranscriptItem[] = [
  { kind: "user", text: "the question" },
  {
    kind: "assistant",
    text: "",
    toolCalls: [
      { callId: "c1", name: "get_answer", arguments: {} },
      { callId: "c2", name: "get_answer", arguments: {} },
    ],
  },
  { kind: "tool_output", callId: "c1", name: "get_answer", output: "x".repeat(3000) },
  { kind: "tool_output", callId: "c2", name: "get_answer", output: "y".repeat(3000) },
];
const transcript = [...history, ...turn];
const base = { system: "You are the assistant.", tools: [], transcript, questionIndex: 4 };
const size = (items: readonly TranscriptItem[]) =>
  1_000 +
  tokensAtMost(base.system) +
  tokensAtMost([]) +
  items.reduce((s, i) => s + tokensAtMost(i), 0);

describe("fitTranscript", () => {
  it("sends everything that fits", () => {
    const fitted = fitTranscript({ ...base, budgetTokens: size(transcript) });
    expect(fitted).toMatchObject({ droppedHistory: 0, cutToolOutputs: 0 });
    expect(fitted?.transcript).toEqual(transcript);
    expect(fitted?.inputTokensAtMost).toBe(size(transcript));
  });

  it("drops the oldest history first, whole question-and-answer pairs", () => {
    const fitted = fitTranscript({ ...base, budgetTokens: size(transcript) - 10 });
    expect(fitted?.droppedHistory).toBe(2);
    expect(fitted?.transcript[0]).toEqual({ kind: "user", text: "old question 2" });
    expect(fitted?.cutToolOutputs).toBe(0);
  });

  it("then cuts this turn's oldest tool outputs, keeping each call paired", () => {
    const fitted = fitTranscript({ ...base, budgetTokens: size(turn) - 10 });
    expect(fitted?.droppedHistory).toBe(4);
    expect(fitted?.cutToolOutputs).toBe(1);
    expect(fitted?.transcript.map((i) => i.kind)).toEqual(turn.map((i) => i.kind));
    expect(fitted?.transcript[2]).toMatchObject({ callId: "c1", output: omittedToolOutput });
    expect(fitted?.transcript[3]).toEqual(turn[3]);
    expect(fitted && fitted.inputTokensAtMost <= size(turn) - 10).toBe(true);
  });

  it("is undefined when even the question does not fit (the turn ends)", () => {
    expect(fitTranscript({ ...base, budgetTokens: 1_000 })).toBeUndefined();
  });
});
