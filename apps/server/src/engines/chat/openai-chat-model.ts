import type OpenAI from "openai";
import { z } from "zod";
import { chatInputBudgetTokens, maxStepOutputTokens } from "../catalog/chat-step-budget.js";
import { type CatalogModel, costAt } from "../catalog/model-catalog.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { createOpenAiClient } from "../connectors/openai-client.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { joinVersioned } from "../connectors/url.js";
import {
  type ChatModel,
  ChatModelError,
  type ChatModelStepRequest,
  type ChatToolCall,
} from "./chat-model.js";
import { parseToolArguments } from "./tool-arguments.js";

/** The parts of a completed Responses answer the assistant reads. */
const completedResponse = z.object({
  status: z.string().nullish(),
  output: z.array(
    z.looseObject({
      type: z.string(),
      call_id: z.string().nullish(),
      name: z.string().nullish(),
      arguments: z.string().nullish(),
      content: z.array(z.looseObject({ type: z.string(), text: z.string().nullish() })).nullish(),
    }),
  ),
  usage: z
    .object({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() })
    .nullish(),
  error: z.object({ message: z.string().nullish() }).nullish(),
});

/** The transcript as Responses input items: tool outputs are function_call_output items (data). */
function toInput(request: ChatModelStepRequest): OpenAI.Responses.ResponseInputItem[] {
  const items: OpenAI.Responses.ResponseInputItem[] = [];
  for (const item of request.transcript) {
    if (item.kind === "user") items.push({ role: "user", content: item.text });
    else if (item.kind === "assistant") {
      if (item.text) items.push({ role: "assistant", content: item.text });
      for (const call of item.toolCalls) {
        items.push({
          type: "function_call",
          call_id: call.callId,
          name: call.name,
          arguments: JSON.stringify(call.arguments),
        });
      }
    } else items.push({ type: "function_call_output", call_id: item.callId, output: item.output });
  }
  return items;
}

/**
 * The assistant on OpenAI's Responses API with function calling, through the
 * official client, streamed: output_text deltas go out as they come, the
 * function_call items and usage are read from the completed response.
 */
export function createOpenAiChatModel(options: ConnectorOptions, model: CatalogModel): ChatModel {
  const client = createOpenAiClient(options, joinVersioned(options.baseUrl, "v1", ""));
  return {
    provider: "openai",
    model: model.id,
    simulated: false,
    inputBudgetTokens: chatInputBudgetTokens(model),
    async step(request) {
      const raw = await callProvider({
        provider: "OpenAI",
        options,
        call: async (signal) => {
          const stream = await client.responses.create(
            {
              model: model.apiModel,
              instructions: request.system,
              input: toInput(request),
              max_output_tokens: maxStepOutputTokens,
              stream: true,
              ...(request.tools
                ? {
                    tools: request.tools.map((tool) => ({
                      type: "function" as const,
                      name: tool.name,
                      description: tool.description,
                      parameters: tool.inputSchema,
                      strict: false,
                    })),
                  }
                : {}),
            },
            { signal },
          );
          let completed: unknown;
          for await (const event of stream) {
            if (event.type === "response.output_text.delta") request.onTextDelta(event.delta);
            // Every end a response streams: completed, failed, or incomplete (the output cap
            // or the content filter cut it: its text so far and its usage are the step's).
            else if (
              event.type === "response.completed" ||
              event.type === "response.failed" ||
              event.type === "response.incomplete"
            )
              completed = event.response;
          }
          return completed;
        },
      });
      const body = readAnswer("OpenAI", completedResponse, raw);
      if (body.status === "failed" || body.error?.message) {
        throw new ChatModelError(`OpenAI failed to answer: ${body.error?.message ?? "unknown"}`);
      }
      const texts: string[] = [];
      const toolCalls: ChatToolCall[] = [];
      for (const item of body.output) {
        if (item.type === "function_call" && item.name) {
          toolCalls.push({
            callId: item.call_id ?? `call_${toolCalls.length + 1}`,
            name: item.name,
            arguments: parseToolArguments(item.arguments),
          });
        }
        if (item.type !== "message") continue;
        for (const part of item.content ?? []) {
          if (part.type === "output_text" && typeof part.text === "string") texts.push(part.text);
        }
      }
      const usage = {
        inputTokens: body.usage?.input_tokens ?? 0,
        outputTokens: body.usage?.output_tokens ?? 0,
      };
      return {
        text: texts.join(""),
        toolCalls,
        usage,
        costMicrousd: costAt(model, usage),
      };
    },
  };
}
