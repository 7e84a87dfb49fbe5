import { z } from "zod";

/**
 * The parts of a Responses API answer the connectors read (OpenAI's and xAI's, which speaks
 * the same API; the prompt writer too). xAI adds fields: its own usage details and, in answers
 * from before its web search items carried an `action`, the search's `arguments` as JSON.
 */
export const responsesAnswer = z.object({
  status: z.string().nullish(),
  model: z.string().nullish(),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  output: z
    .array(
      z.object({
        type: z.string(),
        action: z
          .object({
            query: z.string().nullish(),
            queries: z.array(z.string()).nullish(),
            sources: z.array(z.object({ url: z.string().nullish() })).nullish(),
          })
          .nullish(),
        arguments: z.string().nullish(),
        content: z
          .array(
            z.object({
              type: z.string(),
              text: z.string().nullish(),
              annotations: z
                .array(
                  z.object({
                    type: z.string(),
                    url: z.string().nullish(),
                    title: z.string().nullish(),
                  }),
                )
                .nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
  usage: z
    .object({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() })
    .nullish(),
  error: z.object({ message: z.string().nullish() }).nullish(),
});

export type ResponsesAnswer = z.infer<typeof responsesAnswer>;

export interface ResponsesOutput {
  /** The output_text parts of the message items, joined. */
  answer: string;
  /** url_citation annotations, in order. */
  cited: Array<{ url?: string | null; title?: string | null }>;
  /** What the web search calls searched for. */
  queries: Array<string | null | undefined>;
  /** What the web search calls retrieved. */
  retrieved: Array<{ url?: string | null }>;
  /** Web search call items. */
  searches: number;
}

/** Reads the message text, citations and web searches of a Responses answer. */
export function readResponsesOutput(body: ResponsesAnswer): ResponsesOutput {
  const texts: string[] = [];
  const out: Omit<ResponsesOutput, "answer"> = {
    cited: [],
    queries: [],
    retrieved: [],
    searches: 0,
  };
  for (const item of body.output ?? []) {
    if (item.type === "web_search_call") {
      out.searches++;
      out.queries.push(
        item.action?.query,
        ...(item.action?.queries ?? []),
        argumentsQuery(item.arguments),
      );
      out.retrieved.push(...(item.action?.sources ?? []));
    }
    if (item.type !== "message") continue;
    for (const part of item.content ?? []) {
      if (part.type !== "output_text" || typeof part.text !== "string") continue;
      texts.push(part.text);
      for (const a of part.annotations ?? []) if (a.type === "url_citation") out.cited.push(a);
    }
  }
  return { answer: texts.join("\n\n").trim(), ...out };
}

/** The query of a search call that carries it as JSON arguments (`{"query": "…"}`), if any. */
function argumentsQuery(json: string | null | undefined): string | undefined {
  if (!json) return undefined;
  try {
    const query = (JSON.parse(json) as { query?: unknown } | null)?.query;
    return typeof query === "string" ? query : undefined;
  } catch {
    return undefined;
  }
}
