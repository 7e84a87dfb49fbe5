import { dedupeCitations, distinct } from "../connectors/citations.js";
import { type ConnectorOptions, postJson } from "../connectors/http.js";
import { answerCostMicrousd } from "../connectors/token-pricing.js";
import { joinVersioned } from "../connectors/url.js";
import type { AnswerEngine, EngineAnswer, EngineRequest } from "../engine.js";
import { EngineError } from "../engine.js";

/** The parts of a Messages API answer the connector reads. */
interface AnthropicResponse {
  content?: Array<{
    type?: string;
    name?: string;
    input?: { query?: string };
    text?: string;
    citations?: Array<{ type?: string; url?: string; title?: string | null }> | null;
    content?: Array<{ type?: string; url?: string; title?: string }> | { type?: string };
  }>;
  stop_reason?: string;
  usage?: {
    input_tokens?: number;
    output_tokens?: number;
    server_tool_use?: { web_search_requests?: number };
  };
}

/** A long search turn is paused by the API (`stop_reason: pause_turn`); continue it this often. */
const maxContinuations = 3;

/** Workspace model names that are not API model ids map to the provider's aliases. */
const modelAliases: Record<string, string> = {
  "claude-sonnet-4": "claude-sonnet-4-0",
  "claude-opus-4": "claude-opus-4-0",
};

/**
 * Anthropic Messages with the web search server tool: the answer is the text
 * blocks joined, citations their web_search_result_location citations in
 * order (titled from the search results when a citation has none), search
 * queries the server_tool_use inputs.
 */
export function createAnthropicEngine(options: ConnectorOptions): AnswerEngine {
  return {
    id: "anthropic",
    simulated: false,
    async ask(request: EngineRequest): Promise<EngineAnswer> {
      const messages: Array<{ role: "user" | "assistant"; content: unknown }> = [
        { role: "user", content: request.prompt },
      ];
      const turns: AnthropicResponse[] = [];
      for (let call = 0; call <= maxContinuations; call++) {
        const turn = await postJson<AnthropicResponse>({
          provider: "Anthropic",
          url: joinVersioned(options.baseUrl, "v1", "/messages"),
          headers: { "x-api-key": options.apiKey, "anthropic-version": "2023-06-01" },
          body: {
            model: modelAliases[request.model] ?? request.model,
            max_tokens: 2048,
            messages,
            tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 5 }],
          },
          options,
          signal: request.signal,
        });
        turns.push(turn);
        if (turn.stop_reason !== "pause_turn") break;
        // Sending the paused content back as the assistant turn lets the model go on.
        messages.push({ role: "assistant", content: turn.content ?? [] });
      }
      const body: AnthropicResponse = {
        content: turns.flatMap((t) => t.content ?? []),
        usage: {
          input_tokens: sum(turns, (t) => t.usage?.input_tokens),
          output_tokens: sum(turns, (t) => t.usage?.output_tokens),
          server_tool_use: {
            web_search_requests: sum(turns, (t) => t.usage?.server_tool_use?.web_search_requests),
          },
        },
      };
      const blocks = body.content ?? [];
      const titles = new Map<string, string>();
      const queries: Array<string | undefined> = [];
      const texts: string[] = [];
      const cited: Array<{ url?: string | undefined; title?: string | null | undefined }> = [];
      let toolCalls = 0;
      for (const block of blocks) {
        if (block.type === "server_tool_use" && block.name === "web_search") {
          toolCalls++;
          queries.push(block.input?.query);
        } else if (block.type === "web_search_tool_result" && Array.isArray(block.content)) {
          for (const r of block.content) if (r.url && r.title) titles.set(r.url, r.title);
        } else if (block.type === "text" && typeof block.text === "string") {
          texts.push(block.text);
          for (const c of block.citations ?? []) {
            if (c.type === "web_search_result_location") cited.push(c);
          }
        }
      }
      const answer = texts.join("").trim();
      if (!answer) throw new EngineError("Anthropic returned no answer text.", true);
      const inputTokens = body.usage?.input_tokens ?? 0;
      const outputTokens = body.usage?.output_tokens ?? 0;
      return {
        answer,
        citations: dedupeCitations(
          cited.map((c) => ({ url: c.url, title: c.title || (c.url ? titles.get(c.url) : null) })),
        ),
        searchQueries: distinct(queries),
        inputTokens,
        outputTokens,
        costMicrousd: answerCostMicrousd("anthropic", request.model, {
          inputTokens,
          outputTokens,
          searches: body.usage?.server_tool_use?.web_search_requests || toolCalls,
          requests: turns.length,
        }),
      };
    },
  };
}

function sum(turns: AnthropicResponse[], pick: (turn: AnthropicResponse) => number | undefined) {
  return turns.reduce((total, turn) => total + (pick(turn) ?? 0), 0);
}
