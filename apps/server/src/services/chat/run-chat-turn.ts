import type { ChatCitation, ChatStep, ChatUsage } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import {
  type ChatModel,
  ChatModelError,
  type TranscriptItem,
} from "../../engines/chat/chat-model.js";
import { EngineError } from "../../engines/engine.js";
import { openCreditBudget } from "../credits/credit-budget.js";
import { settleOnce } from "../credits/settle-once.js";
import type { WorkspaceOperation } from "../operation.js";
import type { AssistantToolbox } from "./assistant-toolbox.js";
import { fitTranscript } from "./fit-transcript.js";
import { ungroundedNumbers } from "./grounding.js";
import {
  maxModelSteps,
  maxToolCallsPerStep,
  maxTurnToolOutputChars,
  stepCeilingMicrousd,
} from "./model-limits.js";
import { callTool, type ToolOutcome, toolLimited } from "./tool-output.js";
import type { TurnEvents } from "./turn-events.js";

export interface RunChatTurnOptions {
  op: WorkspaceOperation;
  messageId: string;
  reservationId: string;
  model: ChatModel;
  toolbox: AssistantToolbox;
  system: string;
  /** Earlier messages of the thread, then this turn's question. */
  transcript: TranscriptItem[];
  question: string;
  events: TurnEvents;
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Citations in first-seen order, each once. */
function distinctCitations(citations: ChatCitation[]): ChatCitation[] {
  const seen = new Set<string>();
  return citations.filter((citation) => {
    const key = JSON.stringify(citation);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One assistant turn: at most 6 model steps, the last without tools; the tool
 * calls a step asks for run through the toolbox with the caller's principal
 * (a tool it may not call is refused there and the refusal is what the model
 * reads). Each step is paid from the turn's reservation (at most 120,000) and
 * recorded as it ends; the reservation is settled once at what the steps were
 * billed. Works on its own: nothing here depends on the client still listening.
 */
export async function runChatTurn(options: RunChatTurnOptions): Promise<void> {
  const { op, messageId, model, events } = options;
  const { ctx } = op;
  const emit = events.emit.bind(events);
  const specs = options.toolbox.toolsFor(op.principal).map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
  }));
  const budget = await openCreditBudget({
    ctx,
    reservationId: options.reservationId,
    committedMicrousd: 0n,
  });
  const transcript = [...options.transcript];
  // The question is the last item given; what comes before it is the thread's history.
  const questionIndex = transcript.length - 1;
  let toolOutputChars = 0;
  const steps: ChatStep[] = [];
  const citations: ChatCitation[] = [];
  const sources: unknown[] = [];
  const texts: string[] = [];
  const usage: ChatUsage = { inputTokens: 0, outputTokens: 0 };
  let billed = 0n;
  let failure: { code: string; message: string } | undefined;

  const heartbeat = setInterval(
    () => {
      ctx.prisma.chatMessage
        .updateMany({
          where: { id: messageId, status: "running" },
          data: { heartbeatAt: ctx.clock.now() },
        })
        .catch((error: unknown) =>
          ctx.logger.error({ err: error, messageId }, "chat heartbeat failed"),
        );
      // As a run's executor: four beats per stall window (GEO_RUN_STALL_SECONDS), so a live turn never looks stalled.
    },
    Math.max(1000, ctx.config.runStallMs / 4),
  );
  heartbeat.unref();
  const record = () =>
    ctx.prisma.chatMessage.updateMany({
      where: { id: messageId, status: "running" },
      data: {
        steps: json(steps),
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        billedMicrousd: billed,
        heartbeatAt: ctx.clock.now(),
      },
    });

  try {
    for (let index = 1; index <= maxModelSteps; index++) {
      const toolsOffered = index < maxModelSteps && specs.length > 0;
      emit({ type: "step_started", messageId, step: index, toolsOffered });
      let streamed = texts.length > 0 ? "\n\n" : "";
      const tools = toolsOffered ? specs : null;
      // What the step sends is cut to the input budget its ceiling pays for at the catalog's prices.
      const fitted = fitTranscript({
        system: options.system,
        tools,
        transcript,
        questionIndex,
        budgetTokens: model.inputBudgetTokens,
      });
      if (!fitted) {
        failure = {
          code: "turn_budget_exhausted",
          message: `The conversation no longer fits a step's input budget (${model.inputBudgetTokens} tokens for ${model.model}); the turn ends here.`,
        };
        break;
      }
      const work = () =>
        model.step({
          system: options.system,
          transcript: fitted.transcript,
          tools,
          onTextDelta: (text) => {
            // Text of one step after another's is separated as the stored content is.
            emit({ type: "text_delta", messageId, text: `${streamed}${text}` });
            streamed = "";
          },
        });
      let paid: Awaited<ReturnType<typeof budget.payFor<Awaited<ReturnType<typeof work>>>>>;
      try {
        paid = await budget.payFor(stepCeilingMicrousd, work, (result) => result.costMicrousd);
      } catch (error) {
        if (!(error instanceof EngineError || error instanceof ChatModelError)) throw error;
        failure = { code: "model_error", message: error.message };
        break;
      }
      if (!paid) {
        failure = {
          code: "insufficient_credits",
          message: budget.stopReason ?? "insufficient_credits",
        };
        break;
      }
      const { result, billedMicrousd } = paid;
      billed += billedMicrousd;
      usage.inputTokens += result.usage.inputTokens;
      usage.outputTokens += result.usage.outputTokens;
      steps.push({
        kind: "model",
        index,
        usage: result.usage,
        costMicrousd: Number(billedMicrousd),
        toolsOffered,
      });
      if (result.text) texts.push(result.text);
      if (result.costMicrousd > stepCeilingMicrousd) {
        // The budget keeps this from happening; were it to, the turn stops rather than go on at a loss.
        failure = {
          code: "step_ceiling_reached",
          message: `A step cost more than its ${stepCeilingMicrousd} micro-USD ceiling; the turn ends here.`,
        };
        break;
      }
      // On the last step (no tools offered) any tool call is ignored: the answer is what it has.
      const calls = toolsOffered ? result.toolCalls : [];
      if (calls.length === 0) break;
      transcript.push({ kind: "assistant", text: result.text, toolCalls: calls });
      for (const [position, call] of calls.entries()) {
        emit({
          type: "tool_call",
          messageId,
          step: index,
          callId: call.callId,
          name: call.name,
          arguments: call.arguments,
        });
        // Every call gets an output (the providers pair them); past the limits it is a refusal.
        let outcome: ToolOutcome;
        if (position >= maxToolCallsPerStep) outcome = toolLimited("tool_call_limit");
        else if (toolOutputChars >= maxTurnToolOutputChars)
          outcome = toolLimited("turn_tool_output_limit");
        else {
          outcome = await callTool(() =>
            options.toolbox.call({ op, name: call.name, args: call.arguments }),
          );
          if (toolOutputChars + outcome.output.length > maxTurnToolOutputChars)
            outcome = toolLimited("turn_tool_output_limit");
        }
        toolOutputChars += outcome.output.length;
        steps.push({
          kind: "tool",
          index,
          callId: call.callId,
          name: call.name,
          arguments: call.arguments,
          summary: outcome.summary,
          result: outcome.result,
          error: outcome.error,
          citations: outcome.citations,
        });
        if (!outcome.error) {
          citations.push(...outcome.citations);
          sources.push(outcome.result, outcome.summary);
        }
        transcript.push({
          kind: "tool_output",
          callId: call.callId,
          name: call.name,
          output: outcome.output,
        });
        emit({
          type: "tool_result",
          messageId,
          step: index,
          callId: call.callId,
          name: call.name,
          summary: outcome.summary,
          error: outcome.error,
        });
      }
      await record();
    }
  } finally {
    clearInterval(heartbeat);
  }

  let content = texts.join("\n\n");
  const ungrounded = ungroundedNumbers(content, sources, options.question);
  if (ungrounded.length > 0) {
    // A number no tool result gave is flagged to the reader rather than silently kept.
    const note = `\n\n(Not found in the tool results: ${ungrounded.join(", ")}.)`;
    emit({ type: "text_delta", messageId, text: note });
    content += note;
  }
  if (failure) emit({ type: "error", messageId, ...failure });
  const charged = await settleOnce(ctx, options.reservationId, billed);
  const now = ctx.clock.now();
  await ctx.prisma.chatMessage.updateMany({
    where: { id: messageId, status: "running" },
    data: {
      status: failure ? "failed" : "complete",
      content,
      steps: json(steps),
      citations: json(distinctCitations(citations)),
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      billedMicrousd: billed,
      costMicrousd: charged.chargedMicrousd,
      error: failure ? `${failure.code}: ${failure.message}` : null,
      completedAt: now,
      heartbeatAt: null,
    },
  });
}
