import { exaCostDollars, type RecordedEngineRequest } from "./fake-answer-engine.js";

/**
 * Exa `POST /search`: three results with highlights (one shared by every query), one titled as
 * a question, and Exa's own statement of the bill (below the catalog's $7 per search).
 */
export function exaSearchResponse(request: RecordedEngineRequest, index: number) {
  const query = String(request.body.query);
  const slug = query.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    requestId: `exa_${index}`,
    resolvedSearchType: "neural",
    results: [
      {
        id: `https://www.g2.com/categories/${slug}`,
        url: `https://www.g2.com/categories/${slug}`,
        title: `Best ${query} software`,
        highlights: ["Teams compare features and prices."],
        highlightScores: [0.4],
      },
      {
        id: "https://news.example.co.uk/analytics",
        url: "https://news.example.co.uk/analytics",
        title: "Industry news",
        highlights: ["Analytics vendors raised prices."],
        highlightScores: [0.3],
      },
      {
        id: `https://forum.example.com/${slug}`,
        url: `https://forum.example.com/${slug}`,
        title: `Which ${query} tool should a startup pick?`,
        highlights: ["Most answers pick the cheapest plan."],
        highlightScores: [0.2],
      },
    ],
    costDollars: exaCostDollars({ search: 0.005, contents: 0 }),
  };
}

/** Perplexity Sonar: numbered question lines, citations titled from search_results. */
export function sonarQuestionsResponse(request: RecordedEngineRequest, index: number) {
  const user = String(request.body.messages?.at(-1)?.content ?? "");
  const topic = /"([^"]+)"/.exec(user)?.[1] ?? "topic";
  return {
    id: `pplx_${index}`,
    model: "sonar",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: `1. How do I choose ${topic}?\n2. **What does ${topic} cost per month?** [1]\n- Is ${topic} worth it for small teams?\nThat is all.`,
        },
      },
    ],
    citations: ["https://news.example.co.uk/analytics", `https://reviews.example.org/${index}`],
    search_results: [
      { title: "Industry news", url: "https://news.example.co.uk/analytics" },
      { title: `Review ${index}`, url: `https://reviews.example.org/${index}` },
    ],
    usage: {
      prompt_tokens: 100,
      completion_tokens: 200,
      total_tokens: 300,
      search_context_size: "low",
      num_search_queries: 1,
      cost: {
        input_tokens_cost: 0.0001,
        output_tokens_cost: 0.0002,
        request_cost: 0.005,
        total_cost: 0.0053,
      },
    },
  };
}
