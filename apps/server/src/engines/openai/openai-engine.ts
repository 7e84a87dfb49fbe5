import { dedupeCitations, distinct } from "../connectors/citations.js";
import { type ConnectorOptions, postJson } from "../connectors/http.js";
import { answerCostMicrousd } from "../connectors/token-pricing.js";
import { joinVersioned } from "../connectors/url.js";
import type { AnswerEngine, EngineAnswer, EngineRequest } from "../engine.js";
import { EngineError } from "../engine.js";

/** The parts of a Responses API answer the connector reads. */
interface OpenAiResponse {
  status?: string;
  output?: Array<{
    type?: string;
    action?: { type?: string; query?: string; queries?: string[] };
    content?: Array<{
      type?: string;
      text?: string;
      annotations?: Array<{ type?: string; url?: string; title?: string; start_index?: number }>;
    }>;
  }>;
  usage?: { input_tokens?: number; output_tokens?: number };
  error?: { message?: string } | null;
}

/**
 * OpenAI through the Responses API with the web search tool: the answer is
 * the output_text of the message items, citations their url_citation
 * annotations in order, search queries the web_search_call actions.
 */
export function createOpenAiEngine(options: ConnectorOptions): AnswerEngine {
  return {
    id: "openai",
    simulated: false,
    async ask(request: EngineRequest): Promise<EngineAnswer> {
      const body = await postJson<OpenAiResponse>({
        provider: "OpenAI",
        url: joinVersioned(options.baseUrl, "v1", "/responses"),
        headers: { authorization: `Bearer ${options.apiKey}` },
        body: { model: request.model, input: request.prompt, tools: [{ type: "web_search" }] },
        options,
        signal: request.signal,
      });
      if (body.status === "failed" || body.error?.message) {
        throw new EngineError(`OpenAI failed to answer: ${body.error?.message ?? "unknown"}`, true);
      }
      const output = body.output ?? [];
      const texts: string[] = [];
      const cited: Array<{ url?: string; title?: string }> = [];
      const queries: Array<string | undefined> = [];
      let searches = 0;
      for (const item of output) {
        if (item.type === "web_search_call") {
          searches++;
          queries.push(item.action?.query, ...(item.action?.queries ?? []));
        }
        if (item.type !== "message") continue;
        for (const part of item.content ?? []) {
          if (part.type !== "output_text" || typeof part.text !== "string") continue;
          texts.push(part.text);
          for (const a of part.annotations ?? []) if (a.type === "url_citation") cited.push(a);
        }
      }
      const answer = texts.join("\n\n").trim();
      if (!answer) throw new EngineError("OpenAI returned no answer text.", true);
      const inputTokens = body.usage?.input_tokens ?? 0;
      const outputTokens = body.usage?.output_tokens ?? 0;
      return {
        answer,
        citations: dedupeCitations(cited),
        searchQueries: distinct(queries),
        inputTokens,
        outputTokens,
        costMicrousd: answerCostMicrousd("openai", request.model, {
          inputTokens,
          outputTokens,
          searches,
          requests: 1,
        }),
      };
    },
  };
}
