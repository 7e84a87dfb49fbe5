import type { Clock } from "../../clock.js";
import { maxChatInputBudgetTokens } from "../../engines/catalog/chat-step-budget.js";
import type {
  ChatModel,
  ChatModelStepRequest,
  TranscriptItem,
} from "../../engines/chat/chat-model.js";
import { planToolCalls } from "./plan-tool-calls.js";

/** Tool outputs as the turn hands them to every model (turn-tool-output.ts). */
interface ToolOutput {
  summary?: string;
  error?: { code?: string; message?: string };
}

function readOutput(output: string): ToolOutput {
  const parsed: unknown = JSON.parse(output);
  return parsed && typeof parsed === "object" ? (parsed as ToolOutput) : {};
}

/** The items since the question being answered (the last user item). */
function currentTurn(transcript: readonly TranscriptItem[]) {
  let start = 0;
  transcript.forEach((item, index) => {
    if (item.kind === "user") start = index;
  });
  return { question: transcript[start], items: transcript.slice(start + 1) };
}

/** Streams the text in word-sized pieces, as a model would. */
function emit(text: string, onTextDelta: (text: string) => void): void {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) onTextDelta(piece);
}

/**
 * The local-mode assistant, deterministic: its first step plans tool calls
 * from the question's keywords (only among the tools offered), its second
 * states what the tool results' summaries say, so every number comes from a
 * tool result. It never reads instructions from tool results. Costs nothing.
 */
export function createSimulatedChatModel(clock: Clock): ChatModel {
  return {
    provider: "simulated",
    model: "simulated-planner-1",
    simulated: true,
    inputBudgetTokens: maxChatInputBudgetTokens,
    async step(request: ChatModelStepRequest) {
      const { question, items } = currentTurn(request.transcript);
      const questionText = question?.kind === "user" ? question.text : "";
      const offered = new Set((request.tools ?? []).map((tool) => tool.name));
      const plan = planToolCalls(questionText, clock.now(), offered);
      const usage = { inputTokens: 0, outputTokens: 0 };
      const asked = items.some((item) => item.kind === "assistant" && item.toolCalls.length > 0);
      if (!asked && request.tools && plan.calls.length > 0) {
        return {
          text: "",
          toolCalls: plan.calls.map((call, index) => ({
            callId: `sim_${index + 1}`,
            name: call.name,
            arguments: call.args,
          })),
          usage,
          costMicrousd: 0n,
        };
      }
      const lines = [
        "Simulated assistant (no language model was called). From the workspace's data:",
      ];
      for (const item of items) {
        if (item.kind !== "tool_output") continue;
        const output = readOutput(item.output);
        lines.push(
          output.error
            ? `- ${item.name}: not available (${output.error.code ?? "error"}).`
            : `- ${item.name}: ${output.summary ?? "no summary"}.`,
        );
      }
      if (lines.length === 1) lines.push("- No tool could answer this question.");
      if (plan.notOffered.length > 0) {
        lines.push(`Not available to this caller's scopes: ${plan.notOffered.join(", ")}.`);
      }
      const text = lines.join("\n");
      emit(text, request.onTextDelta);
      return { text, toolCalls: [], usage, costMicrousd: 0n };
    },
  };
}
