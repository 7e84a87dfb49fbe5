import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { costAt } from "../catalog/model-catalog.js";
import { createAnthropicClient } from "../connectors/anthropic-client.js";
import { askerLocale } from "../connectors/asker-locale.js";
import { catalogModel } from "../connectors/catalog-model.js";
import { dedupeCitations, distinct, usedNotCited } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { noAnswerText } from "../connectors/end-states.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { type AnswerEnd, type AnswerEngine, realEngine } from "../engine.js";

const urlAndTitle = z.object({
  type: z.string(),
  url: z.string().nullish(),
  title: z.string().nullish(),
});

/** The parts of a Messages API answer the connector reads (other block types pass through). */
const messagesAnswer = z.object({
  content: z.array(
    z.looseObject({
      type: z.string(),
      name: z.string().nullish(),
      input: z.unknown().optional(),
      text: z.string().nullish(),
      citations: z.array(urlAndTitle).nullish(),
      content: z.unknown().optional(),
    }),
  ),
  stop_reason: z.string().nullish(),
  model: z.string().nullish(),
  usage: z
    .object({
      input_tokens: z.number().nullish(),
      output_tokens: z.number().nullish(),
      server_tool_use: z.object({ web_search_requests: z.number().nullish() }).nullish(),
    })
    .nullish(),
});
type MessagesAnswer = z.infer<typeof messagesAnswer>;

const searchInput = z.object({ query: z.string() });
const searchResults = z.array(urlAndTitle);

/** A long search turn is paused by the API (`stop_reason: pause_turn`); continue it this often. */
const maxContinuations = 3;
/** Searches one answer may run when the request sets no cap (the web search tool's `max_uses`). */
export const defaultAnthropicMaxSearches = 5;
/** Messages requires `max_tokens`: this when the request sets no output cap. */
export const defaultAnthropicMaxTokens = 2048;

/**
 * Anthropic Messages with the web search server tool, on the official client: the answer is the
 * text blocks joined as they come (the API splits one text into blocks around its citations),
 * without what Claude writes to lead up to a search ("I'll search for …", which names the
 * prompt's brands first: the uncited blocks right before each search call), so it is not
 * measured; text it cited before searching again stays; citations are the kept blocks'
 * web_search_result_location citations in order (titled from the search results when a
 * citation has none), search queries the server_tool_use inputs.
 */
export function createAnthropicEngine(options: ConnectorOptions): AnswerEngine {
  const client = createAnthropicClient(options);
  return realEngine("anthropic", async (request) => {
    const model = catalogModel(options, "anthropic", request.model);
    const { country, language } = askerLocale(request.context);
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: request.prompt }];
    const turns: MessagesAnswer[] = [];
    for (let call = 0; call <= maxContinuations; call++) {
      const raw = await callProvider({
        provider: "Anthropic",
        options,
        signal: request.signal,
        call: (signal) =>
          client.messages.create(
            {
              model: model.apiModel,
              max_tokens: request.maxOutputTokens ?? defaultAnthropicMaxTokens,
              messages,
              tools: [
                {
                  type: "web_search_20250305",
                  name: "web_search",
                  max_uses: request.maxSearches ?? defaultAnthropicMaxSearches,
                  // user_location takes no language: the language is the prompt's text.
                  ...(country ? { user_location: { type: "approximate" as const, country } } : {}),
                },
              ],
            },
            { signal },
          ),
      });
      const turn = readAnswer("Anthropic", messagesAnswer, raw);
      turns.push(turn);
      if (turn.stop_reason !== "pause_turn") break;
      // Sending the paused content back, as it came, as the assistant turn lets the model go on.
      messages.push({ role: "assistant", content: raw.content as Anthropic.ContentBlockParam[] });
    }
    const titles = new Map<string, string>();
    const retrieved: Array<{ url?: string | null; title?: string | null }> = [];
    const queries: Array<string | undefined> = [];
    const runs: TextBlock[][] = [];
    let run: TextBlock[] | undefined;
    let toolCalls = 0;
    for (const block of turns.flatMap((t) => t.content)) {
      if (block.type === "text" && typeof block.text === "string") {
        if (!run) {
          run = [];
          runs.push(run);
        }
        run.push({ text: block.text, cited: citationsOf(block) });
        continue;
      }
      if (block.type === "server_tool_use" && block.name === "web_search") {
        toolCalls++;
        queries.push(searchInput.safeParse(block.input).data?.query);
        // The text that led up to this search is not the answer (cited text in it is).
        if (run) run.splice(leadInStart(run));
      } else if (block.type === "web_search_tool_result") {
        // An error result is an object, not a list: it titles nothing.
        for (const r of searchResults.safeParse(block.content).data ?? []) {
          if (r.url && r.title) titles.set(r.url, r.title);
          retrieved.push(r);
        }
      }
      run = undefined;
    }
    const kept = runs.filter((r) => r.length > 0);
    // Blocks of one run are one text split around its citations; runs are apart.
    const answer = kept
      .map((r) => r.map((b) => b.text).join(""))
      .join("\n\n")
      .trim();
    const cited = kept.flat().flatMap((b) => b.cited);
    // The last turn's stop reason: `refusal` (declined), `max_tokens` (the cap cut it).
    const stop = turns.at(-1)?.stop_reason;
    const end: AnswerEnd =
      stop === "refusal" ? "refused" : stop === "max_tokens" ? "truncated" : "completed";
    if (!answer) noAnswerText("Anthropic", end);
    const inputTokens = sum(turns, (t) => t.usage?.input_tokens);
    const outputTokens = sum(turns, (t) => t.usage?.output_tokens);
    const reportedSearches = sum(turns, (t) => t.usage?.server_tool_use?.web_search_requests);
    const citations = dedupeCitations(
      cited.map((c) => ({ url: c.url, title: c.title || (c.url ? titles.get(c.url) : null) })),
    );
    return {
      answer,
      end,
      citations,
      usedSources: usedNotCited(retrieved, citations),
      searchQueries: distinct(queries),
      inputTokens,
      outputTokens,
      costMicrousd: costAt(model, {
        inputTokens,
        outputTokens,
        searches: reportedSearches || toolCalls,
        requests: turns.length,
      }),
      servedModel: turns.at(-1)?.model ?? null,
      country: country ?? null,
      language: language ?? null,
    };
  });
}

/** A text block of the answer and its web search citations. */
interface TextBlock {
  text: string;
  cited: Array<{ url?: string | null; title?: string | null }>;
}

function citationsOf(block: MessagesAnswer["content"][number]): TextBlock["cited"] {
  return (block.citations ?? []).filter((c) => c.type === "web_search_result_location");
}

/**
 * Where the lead-in of text before a search starts: after the run's last cited block (the
 * uncited blocks after it say what Claude will search for), or at 0 when nothing is cited.
 */
function leadInStart(run: TextBlock[]): number {
  for (let i = run.length - 1; i >= 0; i--) if ((run[i]?.cited.length ?? 0) > 0) return i + 1;
  return 0;
}

function sum(turns: MessagesAnswer[], pick: (turn: MessagesAnswer) => number | null | undefined) {
  return turns.reduce((total, turn) => total + (pick(turn) ?? 0), 0);
}
