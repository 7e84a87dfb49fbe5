import type { PromptCategory } from "@geopulse/api-types";
import { z } from "zod";
import { costAt } from "../catalog/model-catalog.js";
import { catalogModel } from "../connectors/catalog-model.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { createOpenAiClient } from "../connectors/openai-client.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { responsesAnswer } from "../connectors/responses-output.js";
import { joinVersioned } from "../connectors/url.js";
import { EngineError } from "../engine.js";
import type { PromptWriter, PromptWriterRequest, PromptWriterResult } from "../prompt-writer.js";
import { assertCompleted } from "./openai-engine.js";

const categoryMeaning: Record<PromptCategory, string> = {
  discovery: "unbranded questions looking for the best tools or providers in the category",
  problem_solution: "a problem the buyer has, asking how to solve it",
  use_case: "a specific situation or audience asking which solution fits",
  comparison: "comparisons between named brands or alternatives to a competitor",
  expert: "expert-level questions about the field, methods and evaluation criteria",
  brand_research: "questions about the brand itself: pricing, reviews, pros and cons",
};

const written = z.object({
  prompts: z.array(z.object({ text: z.string(), category: z.string() })),
});

/**
 * Writes prompts through the OpenAI Responses API (official client) without web search, asking
 * for JSON that matches a strict schema; the cost is its token usage at list
 * prices.
 */
export function createOpenAiPromptWriter(
  options: ConnectorOptions,
  modelId = options.catalog.defaultId("openai", "prompts"),
): PromptWriter {
  const model = catalogModel(options, "openai", modelId);
  const client = createOpenAiClient(options, joinVersioned(options.baseUrl, "v1", ""));
  return {
    id: "openai",
    model: model.id,
    simulated: false,
    async write(request: PromptWriterRequest): Promise<PromptWriterResult> {
      const categories = request.items.map((i) => i.category);
      const raw = await callProvider({
        provider: "OpenAI",
        options,
        call: (signal) =>
          client.responses.create(
            {
              model: model.apiModel,
              instructions:
                "You write realistic prompts that people type into AI assistants (ChatGPT, Perplexity, Gemini) when researching a purchase in a brand's market. Write natural questions in the requested language, one idea each, 5 to 25 words, no numbering. Never repeat or paraphrase an avoided prompt. Answer with JSON only.",
              input: JSON.stringify({
                language: request.language,
                brand: request.brand,
                profile: request.profile,
                competitors: request.competitors,
                write: request.items.map((i) => ({
                  category: i.category,
                  meaning: categoryMeaning[i.category],
                  count: i.count,
                })),
                avoid: request.avoid,
              }),
              text: {
                format: {
                  type: "json_schema",
                  name: "prompts",
                  strict: true,
                  schema: {
                    type: "object",
                    additionalProperties: false,
                    required: ["prompts"],
                    properties: {
                      prompts: {
                        type: "array",
                        items: {
                          type: "object",
                          additionalProperties: false,
                          required: ["text", "category"],
                          properties: {
                            text: { type: "string" },
                            category: { type: "string", enum: categories },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            { signal },
          ),
      });
      const body = readAnswer("OpenAI", responsesAnswer, raw);
      assertCompleted(body);
      const inputTokens = body.usage?.input_tokens ?? 0;
      const outputTokens = body.usage?.output_tokens ?? 0;
      const costMicrousd = costAt(model, { inputTokens, outputTokens });
      const text = (body.output ?? [])
        .filter((item) => item.type === "message")
        .flatMap((item) => item.content ?? [])
        .filter((part) => part.type === "output_text")
        .map((part) => part.text ?? "")
        .join("");
      let parsed: z.infer<typeof written>;
      try {
        parsed = written.parse(JSON.parse(text));
      } catch {
        throw new EngineErrorWithCost("OpenAI did not return the requested JSON.", costMicrousd);
      }
      // Keep only what was asked: known categories, at most the count of each.
      const left = new Map(request.items.map((i) => [i.category as string, i.count]));
      const prompts: PromptWriterResult["prompts"] = [];
      for (const p of parsed.prompts) {
        const room = left.get(p.category) ?? 0;
        const promptText = p.text.trim();
        if (room <= 0 || promptText.length < 3 || promptText.length > 500) continue;
        left.set(p.category, room - 1);
        prompts.push({ text: promptText, category: p.category as PromptCategory });
      }
      return { prompts, inputTokens, outputTokens, costMicrousd };
    },
  };
}

/** A failed call the provider still billed (tokens were used). */
export class EngineErrorWithCost extends EngineError {
  constructor(
    message: string,
    readonly costMicrousd: bigint,
  ) {
    super(message, false);
  }
}
