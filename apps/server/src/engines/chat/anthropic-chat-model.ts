import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { chatInputBudgetTokens, maxStepOutputTokens } from "../catalog/chat-step-budget.js";
import { type CatalogModel, costAt } from "../catalog/model-catalog.js";
import { createAnthropicClient } from "../connectors/anthropic-client.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import type { ChatModel, ChatModelStepRequest, ChatToolCall } from "./chat-model.js";

const finalMessage = z.object({
  content: z.array(
    z.looseObject({
      type: z.string(),
      id: z.string().nullish(),
      name: z.string().nullish(),
      input: z.unknown().optional(),
      text: z.string().nullish(),
    }),
  ),
  usage: z
    .object({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() })
    .nullish(),
});

/** The transcript as Messages turns: tool outputs are tool_result blocks (data) in a user turn. */
function toMessages(request: ChatModelStepRequest): Anthropic.MessageParam[] {
  const messages: Anthropic.MessageParam[] = [];
  for (const item of request.transcript) {
    if (item.kind === "user") messages.push({ role: "user", content: item.text });
    else if (item.kind === "assistant") {
      const content: Anthropic.ContentBlockParam[] = [];
      if (item.text) content.push({ type: "text", text: item.text });
      for (const call of item.toolCalls) {
        content.push({ type: "tool_use", id: call.callId, name: call.name, input: call.arguments });
      }
      messages.push({ role: "assistant", content });
    } else {
      const block: Anthropic.ToolResultBlockParam = {
        type: "tool_result",
        tool_use_id: item.callId,
        content: item.output,
      };
      const last = messages.at(-1);
      // Consecutive tool results share one user turn, as the API requires.
      if (last?.role === "user" && Array.isArray(last.content)) last.content.push(block);
      else messages.push({ role: "user", content: [block] });
    }
  }
  return messages;
}

/**
 * The assistant on Anthropic's Messages API with tool use, through the
 * official client, streamed: text deltas go out as they come, tool_use blocks
 * and usage are read from the final message.
 */
export function createAnthropicChatModel(
  options: ConnectorOptions,
  model: CatalogModel,
): ChatModel {
  const client = createAnthropicClient(options);
  return {
    provider: "anthropic",
    model: model.id,
    simulated: false,
    inputBudgetTokens: chatInputBudgetTokens(model),
    async step(request) {
      const raw = await callProvider({
        provider: "Anthropic",
        options,
        call: async (signal) => {
          const stream = client.messages.stream(
            {
              model: model.apiModel,
              max_tokens: maxStepOutputTokens,
              system: request.system,
              messages: toMessages(request),
              ...(request.tools
                ? {
                    tools: request.tools.map((tool) => ({
                      name: tool.name,
                      description: tool.description,
                      input_schema: tool.inputSchema as Anthropic.Tool.InputSchema,
                    })),
                  }
                : {}),
            },
            { signal },
          );
          stream.on("text", (delta) => request.onTextDelta(delta));
          return stream.finalMessage();
        },
      });
      const body = readAnswer("Anthropic", finalMessage, raw);
      const texts: string[] = [];
      const toolCalls: ChatToolCall[] = [];
      for (const block of body.content) {
        if (block.type === "text" && typeof block.text === "string") texts.push(block.text);
        if (block.type === "tool_use" && block.name) {
          const input = block.input;
          toolCalls.push({
            callId: block.id ?? `toolu_${toolCalls.length + 1}`,
            name: block.name,
            arguments:
              input && typeof input === "object" && !Array.isArray(input)
                ? (input as Record<string, unknown>)
                : {},
          });
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
