import { dedupeCitations, distinct } from "../connectors/citations.js";
import { type ConnectorOptions, postJson } from "../connectors/http.js";
import { answerCostMicrousd } from "../connectors/token-pricing.js";
import { joinVersioned } from "../connectors/url.js";
import type { AnswerEngine, EngineAnswer, EngineRequest } from "../engine.js";
import { EngineError } from "../engine.js";

/** The parts of a generateContent answer the connector reads. */
interface GeminiResponse {
  candidates?: Array<{
    content?: { parts?: Array<{ text?: string; thought?: boolean }> };
    finishReason?: string;
    groundingMetadata?: {
      webSearchQueries?: string[];
      groundingChunks?: Array<{ web?: { uri?: string; title?: string } }>;
    };
  }>;
  promptFeedback?: { blockReason?: string };
  usageMetadata?: {
    promptTokenCount?: number;
    candidatesTokenCount?: number;
    thoughtsTokenCount?: number;
  };
}

/**
 * Gemini generateContent with Google Search grounding: the answer is the
 * first candidate's text parts, citations its grounding chunks in order,
 * search queries the grounding metadata's. The key travels in the
 * x-goog-api-key header, never in the URL. Thinking tokens bill as output.
 */
export function createGeminiEngine(options: ConnectorOptions): AnswerEngine {
  return {
    id: "gemini",
    simulated: false,
    async ask(request: EngineRequest): Promise<EngineAnswer> {
      const model = request.model.replace(/^models\//, "");
      const body = await postJson<GeminiResponse>({
        provider: "Gemini",
        url: joinVersioned(
          options.baseUrl,
          "v1beta",
          `/models/${encodeURIComponent(model)}:generateContent`,
        ),
        headers: { "x-goog-api-key": options.apiKey },
        body: {
          contents: [{ role: "user", parts: [{ text: request.prompt }] }],
          tools: [{ google_search: {} }],
        },
        options,
        signal: request.signal,
      });
      const candidate = body.candidates?.[0];
      const answer = (candidate?.content?.parts ?? [])
        .filter((p) => !p.thought && typeof p.text === "string")
        .map((p) => p.text)
        .join("")
        .trim();
      if (!answer) {
        const reason = body.promptFeedback?.blockReason ?? candidate?.finishReason;
        throw new EngineError(
          `Gemini returned no answer text${reason ? ` (${reason})` : ""}.`,
          !body.promptFeedback?.blockReason,
        );
      }
      const grounding = candidate?.groundingMetadata;
      const queries = distinct(grounding?.webSearchQueries ?? []);
      const chunks = grounding?.groundingChunks ?? [];
      const usage = body.usageMetadata;
      const inputTokens = usage?.promptTokenCount ?? 0;
      const outputTokens = (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0);
      return {
        answer,
        citations: dedupeCitations(chunks.map((c) => ({ url: c.web?.uri, title: c.web?.title }))),
        searchQueries: queries,
        inputTokens,
        outputTokens,
        costMicrousd: answerCostMicrousd("gemini", request.model, {
          inputTokens,
          outputTokens,
          searches: 0,
          requests: queries.length > 0 || chunks.length > 0 ? 1 : 0,
        }),
      };
    },
  };
}
