import type { RecordedEngineRequest } from "./fake-answer-engine.js";

/** Exa `POST /search`: three results (one shared by every query), one titled as a question. */
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
      },
      {
        id: "https://news.example.co.uk/analytics",
        url: "https://news.example.co.uk/analytics",
        title: "Industry news",
      },
      {
        id: `https://forum.example.com/${slug}`,
        url: `https://forum.example.com/${slug}`,
        title: `Which ${query} tool should a startup pick?`,
      },
    ],
    costDollars: { total: 0.005 },
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
    usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
  };
}
