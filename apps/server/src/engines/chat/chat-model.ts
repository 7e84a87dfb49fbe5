import type { ChatUsage } from "@geopulse/api-types";

/** A tool as a model is offered it: name, description and JSON Schema of its arguments. */
export interface ChatToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call a model asked for in one step. */
export interface ChatToolCall {
  callId: string;
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * The conversation as every model adapter reads it, provider-neutral: the
 * question, earlier answers, and the tool calls with their outputs (JSON text,
 * untrusted data) in the order they happened.
 */
export type TranscriptItem =
  | { kind: "user"; text: string }
  | { kind: "assistant"; text: string; toolCalls: ChatToolCall[] }
  | { kind: "tool_output"; callId: string; name: string; output: string };

export interface ChatModelStepRequest {
  system: string;
  transcript: readonly TranscriptItem[];
  /** Null on the last allowed step: the model must answer with what it has. */
  tools: readonly ChatToolSpec[] | null;
  /** Called with each piece of answer text as it streams. */
  onTextDelta: (text: string) => void;
}

export interface ChatModelStepResult {
  text: string;
  toolCalls: ChatToolCall[];
  usage: ChatUsage;
  /** The step's list-price cost (tokens), in micro-USD. */
  costMicrousd: bigint;
}

/** One model the assistant asks, step by step. */
export interface ChatModel {
  provider: "openai" | "anthropic" | "simulated";
  model: string;
  simulated: boolean;
  /**
   * The input tokens one step may send, the provider's overhead included: what the model's
   * catalog prices allow within the step ceiling with the output cap (chat-step-budget.ts).
   */
  inputBudgetTokens: number;
  step(request: ChatModelStepRequest): Promise<ChatModelStepResult>;
}

/** A model call that failed (provider error, timeout, unreadable answer); the turn ends `failed`. */
export class ChatModelError extends Error {}
