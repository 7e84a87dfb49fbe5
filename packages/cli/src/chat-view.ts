import type {
  ChatCitation,
  ChatMessage,
  ChatStreamEvent,
  ChatThreadWithMessages,
} from "@geopulse/api-types";
import type { ChatTurnStream } from "@geopulse/sdk";
import type { Context } from "./context.js";
import { CliError, ExitCode } from "./errors.js";
import { keyValues, plural, usd, when } from "./format.js";
import { type Indicator, waitingIndicator } from "./progress.js";

/** A tool call as the progress line shows it: `get_metrics(date=2026-11-23, engine=openai)`. */
function callText(name: string, args: Record<string, unknown>): string {
  const shown = Object.entries(args).map(
    ([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`,
  );
  return `${name}(${shown.join(", ")})`;
}

/** Where a cited number comes from, with the command that opens it. */
export function citationText(citation: ChatCitation): string {
  if (citation.kind === "metric") {
    const filter = Object.entries(citation.filter)
      .map(([key, value]) => `${key}=${value ?? "any"}`)
      .join(", ");
    return `${citation.metric}${filter ? ` (${filter})` : ""}`;
  }
  const engine = citation.engine ? ` (${citation.engine})` : "";
  return `answer ${citation.responseId} of run ${citation.runId}${engine}: geopulse runs responses ${citation.runId}`;
}

/** The numbered citations under an answer ("Sources:"), nothing when there are none. */
export function citationLines(citations: ChatCitation[]): string[] {
  if (citations.length === 0) return [];
  return ["Sources:", ...citations.map((c, i) => `  [${i + 1}] ${citationText(c)}`)];
}

/** "cost $0.0012 · 150 tokens (120 in, 30 out) · simulated", the turn's footer. */
export function costLine(message: ChatMessage): string {
  const { inputTokens, outputTokens } = message.usage;
  const model = message.simulated ? "simulated assistant" : `${message.provider} ${message.model}`;
  return `cost ${usd(message.costMicrousd)} · ${plural(inputTokens + outputTokens, "token")} (${inputTokens} in, ${outputTokens} out) · ${model}`;
}

/** The error of a turn that did not complete: a credits stop exits 6, any other failure 1. */
export function turnFailure(message: ChatMessage, lastError?: { code: string }): CliError {
  const code = lastError?.code === "insufficient_credits" ? ExitCode.credits : ExitCode.error;
  return new CliError(`the turn ${message.status}: ${message.error ?? "no answer"}.`, code);
}

/**
 * Shows a streamed turn as it happens: the answer's text on stdout as it
 * arrives, each tool call and its result as a progress line on stderr, then
 * the citations (stdout) and the cost (stderr). Resolves with the stored
 * message; a turn that did not complete rejects with a CliError after it is shown.
 */
export async function showStreamedTurn(ctx: Context, stream: ChatTurnStream): Promise<ChatMessage> {
  let wroteText = false;
  let endsWithNewline = true;
  let lastError: { code: string; message: string } | undefined;
  let done: Extract<ChatStreamEvent, { type: "done" }> | undefined;
  // While a model step thinks, before any text: a spinner on a terminal, else one line.
  let thinking: Indicator | undefined;
  const stopThinking = () => {
    thinking?.stop();
    thinking = undefined;
  };
  try {
    for await (const event of stream) {
      if (event.type !== "step_started") stopThinking();
      showEvent(event);
    }
  } finally {
    stopThinking();
  }
  function showEvent(event: ChatStreamEvent): void {
    switch (event.type) {
      case "step_started":
        stopThinking();
        if (!wroteText)
          thinking = waitingIndicator(ctx.io.stderr, `  [step ${event.step}] thinking…`);
        break;
      case "tool_call":
        ctx.info(`  [step ${event.step}] ${callText(event.name, event.arguments)}`);
        break;
      case "tool_result":
        ctx.info(
          `  [step ${event.step}] ${event.name}: ${event.error ? `refused (${event.error})` : event.summary}`,
        );
        break;
      case "text_delta":
        ctx.write(event.text);
        wroteText ||= event.text.length > 0;
        if (event.text) endsWithNewline = event.text.endsWith("\n");
        break;
      case "error":
        lastError = event;
        break;
      case "done":
        done = event;
        break;
      default:
        break;
    }
  }
  if (wroteText && !endsWithNewline) ctx.write("\n");
  if (!done) throw new CliError("the answer's stream ended early.", ExitCode.network);
  const { message } = done;
  const sources = citationLines(message.citations);
  if (sources.length > 0) ctx.out(sources.join("\n"));
  if (lastError) ctx.info(`error: ${lastError.code}: ${lastError.message}`);
  ctx.info(costLine(message));
  if (message.status !== "complete") throw turnFailure(message, lastError);
  return message;
}

/** The tools a turn called, in order: "get_metrics, list_runs". */
const toolsUsed = (message: ChatMessage): string =>
  message.steps.flatMap((step) => (step.kind === "tool" ? [step.name] : [])).join(", ");

/** `chat threads get`: the thread and each message with its tools, sources and cost. */
export function threadText(thread: ChatThreadWithMessages): string {
  const lines = [
    keyValues([
      ["Thread", thread.threadId],
      ["Title", thread.title],
      ["Messages", thread.messageCount],
      ["Cost", usd(thread.costMicrousd)],
      ["Created", when(thread.createdAt)],
      ["Updated", when(thread.updatedAt)],
    ]),
  ];
  for (const message of thread.messages) {
    lines.push("");
    if (message.role === "user") {
      lines.push(`you (${when(message.createdAt)}):`, message.content);
      continue;
    }
    lines.push(`assistant (${message.status}, ${when(message.completedAt ?? message.createdAt)}):`);
    if (message.content) lines.push(message.content);
    if (message.error) lines.push(`error: ${message.error}`);
    const tools = toolsUsed(message);
    if (tools) lines.push(`tools: ${tools}`);
    lines.push(...citationLines(message.citations), costLine(message));
  }
  return lines.join("\n");
}
