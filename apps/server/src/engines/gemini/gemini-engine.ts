import type { ThinkingLevel } from "@google/genai";
import { z } from "zod";
import { costAt } from "../catalog/model-catalog.js";
import { askerLanguage } from "../connectors/asker-locale.js";
import { catalogModel } from "../connectors/catalog-model.js";
import { dedupeCitations, distinct } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { noAnswerText } from "../connectors/end-states.js";
import { createGeminiClient } from "../connectors/gemini-client.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { type AnswerEnd, type AnswerEngine, realEngine } from "../engine.js";

/** The parts of a generateContent answer the connector reads. */
const generateContentAnswer = z.object({
  candidates: z
    .array(
      z.object({
        content: z
          .object({
            parts: z
              .array(z.object({ text: z.string().nullish(), thought: z.boolean().nullish() }))
              .nullish(),
          })
          .nullish(),
        finishReason: z.string().nullish(),
        groundingMetadata: z
          .object({
            webSearchQueries: z.array(z.string()).nullish(),
            groundingChunks: z
              .array(
                z.object({
                  web: z
                    .object({ uri: z.string().nullish(), title: z.string().nullish() })
                    .nullish(),
                }),
              )
              .nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
  promptFeedback: z.object({ blockReason: z.string().nullish() }).nullish(),
  modelVersion: z.string().nullish(),
  usageMetadata: z
    .object({
      promptTokenCount: z.number().nullish(),
      candidatesTokenCount: z.number().nullish(),
      thoughtsTokenCount: z.number().nullish(),
    })
    .nullish(),
});

/**
 * Gemini generateContent with Google Search grounding, on the official
 * Google Gen AI client (Gemini API, not Vertex): the answer is the first
 * candidate's text parts, citations its grounding chunks in order, search
 * queries the grounding metadata's. The client sends the key in the
 * x-goog-api-key header, never in the URL. Thinking tokens bill as output.
 */
export function createGeminiEngine(options: ConnectorOptions): AnswerEngine {
  const client = createGeminiClient(options);
  return realEngine("gemini", async (request) => {
    // A catalog id has no `/`, `:` or `..`: nothing but a model reaches the URL path.
    const model = catalogModel(options, "gemini", request.model);
    const raw = await callProvider({
      provider: "Gemini",
      options,
      signal: request.signal,
      call: (signal) =>
        client.models.generateContent({
          model: model.apiModel,
          contents: [{ role: "user", parts: [{ text: request.prompt }] }],
          config: {
            // Google documents `toolConfig.retrievalConfig` (latLng, languageCode) for Google
            // Maps grounding only, not Google Search: the language is the prompt's text.
            tools: [{ googleSearch: {} }],
            maxOutputTokens: request.maxOutputTokens,
            // Thinking counts against the output cap: the catalog keeps it low, so the answer fits.
            ...(model.thinking && {
              thinkingConfig: {
                ...(model.thinking.level && {
                  thinkingLevel: model.thinking.level as ThinkingLevel,
                }),
                ...(model.thinking.budget !== undefined && {
                  thinkingBudget: model.thinking.budget,
                }),
              },
            }),
            abortSignal: signal,
          },
        }),
    });
    const body = readAnswer("Gemini", generateContentAnswer, raw);
    const candidate = body.candidates?.[0];
    const answer = (candidate?.content?.parts ?? [])
      .filter((p) => !p.thought && typeof p.text === "string")
      .map((p) => p.text)
      .join("")
      .trim();
    const end = geminiEnd(body.promptFeedback?.blockReason, candidate?.finishReason);
    if (!answer) noAnswerText("Gemini", end);
    const grounding = candidate?.groundingMetadata;
    // Empty queries are not billed (Gemini 3 bills each distinct query it ran).
    const queries = distinct((grounding?.webSearchQueries ?? []).filter((q) => q.trim() !== ""));
    const chunks = grounding?.groundingChunks ?? [];
    const usage = body.usageMetadata;
    const inputTokens = usage?.promptTokenCount ?? 0;
    const outputTokens = (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0);
    return {
      answer,
      end,
      citations: dedupeCitations(chunks.map((c) => ({ url: c.web?.uri, title: c.web?.title }))),
      searchQueries: queries,
      inputTokens,
      outputTokens,
      costMicrousd: costAt(model, {
        inputTokens,
        outputTokens,
        // Gemini 3 bills each search query (`perSearch`), Gemini 2.5 each grounded request.
        searches: queries.length,
        groundedRequests: queries.length > 0 || chunks.length > 0 ? 1 : 0,
        requests: 1,
      }),
      servedModel: body.modelVersion ?? null,
      // Google Search grounding on the Gemini API takes no location.
      country: null,
      language: askerLanguage(request.context.language) ?? null,
    };
  });
}

/** The finish reasons that mean Google's safety systems withheld or cut the answer. */
const filteredReasons = new Set([
  "SAFETY",
  "PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
  "RECITATION",
  "IMAGE_SAFETY",
]);

/**
 * How a generateContent answer ended: a blocked prompt (`promptFeedback.blockReason`) or a
 * safety finish reason is filtered, `MAX_TOKENS` truncated (thinking tokens count against it).
 */
function geminiEnd(
  blockReason: string | null | undefined,
  finish: string | null | undefined,
): AnswerEnd {
  if (blockReason || (finish && filteredReasons.has(finish))) return "filtered";
  return finish === "MAX_TOKENS" ? "truncated" : "completed";
}
