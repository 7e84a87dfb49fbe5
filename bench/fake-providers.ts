/**
 * The five provider fakes in their own process (as real providers are), each
 * answering after a fixed latency, and the grounding-redirect host Gemini's
 * citations link through. Prints `{"OPENAI": "http://…", …, "REDIRECTS": "http://…"}`
 * on one line once listening, then serves until killed, when it prints each provider's request
 * count and arrival times (epoch ms) as one JSON line to stderr. Perplexity and Exa state
 * the catalog's price here (the tests' fakes state more, to test the warning).
 */
import {
  anthropicResponse,
  exaCostDollars,
  exaResponse,
  FakeAnswerEngine,
  geminiResponse,
  openAiResponse,
  perplexityResponse,
} from "../apps/server/test/fakes/fake-answer-engine.js";
import { FakeGroundingRedirects } from "../apps/server/test/fakes/fake-grounding-redirects.js";

const latencyMs = Number(process.argv[2] ?? 1000);
const redirects = await new FakeGroundingRedirects().start();
const atCatalogPrice = <T extends { usage: { cost: Record<string, number> } }>(answer: T): T => {
  answer.usage.cost = { ...answer.usage.cost, request_cost: 0.005, total_cost: 0.0052 };
  return answer;
};
// When each provider's requests arrived (epoch ms, comparable with the server's process).
const arrivals: Record<string, number[]> = {};
const timed = (prefix: string, answer: () => unknown) => {
  arrivals[prefix] = [];
  return new FakeAnswerEngine(() => {
    arrivals[prefix]?.push(performance.timeOrigin + performance.now());
    return answer();
  });
};
const fakes = {
  OPENAI: timed("OPENAI", () => openAiResponse("bench")),
  PERPLEXITY: timed("PERPLEXITY", () => atCatalogPrice(perplexityResponse("bench"))),
  ANTHROPIC: timed("ANTHROPIC", () => anthropicResponse("bench")),
  GEMINI: timed("GEMINI", () => geminiResponse("bench", { link: (page) => redirects.link(page) })),
  EXA: timed("EXA", () => ({
    ...exaResponse("bench"),
    costDollars: exaCostDollars({ search: 0.005, contents: 0 }),
  })),
};
const urls: Record<string, string> = {};
for (const [prefix, fake] of Object.entries(fakes)) {
  fake.latencyMs = latencyMs;
  await fake.start();
  urls[prefix] = fake.url;
}
process.stdout.write(`${JSON.stringify({ ...urls, REDIRECTS: redirects.url })}\n`);
process.on("SIGTERM", async () => {
  for (const fake of Object.values(fakes)) await fake.close();
  await redirects.close();
  const counts = Object.fromEntries(
    Object.entries(fakes).map(([prefix, fake]) => [prefix, fake.requests.length]),
  );
  process.stderr.write(`${JSON.stringify({ counts, arrivals })}\n`);
  process.exit(0);
});
