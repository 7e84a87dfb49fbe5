/**
 * The five provider fakes in their own process (as real providers are), each
 * answering after a fixed latency. Prints `{"OPENAI": "http://…", …}` on one
 * line once listening, then serves until killed.
 */
import {
  anthropicResponse,
  exaResponse,
  FakeAnswerEngine,
  geminiResponse,
  openAiResponse,
  perplexityResponse,
} from "../apps/server/test/fakes/fake-answer-engine.js";

const latencyMs = Number(process.argv[2] ?? 1000);
const fakes = {
  OPENAI: new FakeAnswerEngine(() => openAiResponse("bench")),
  PERPLEXITY: new FakeAnswerEngine(() => perplexityResponse("bench")),
  ANTHROPIC: new FakeAnswerEngine(() => anthropicResponse("bench")),
  GEMINI: new FakeAnswerEngine(() => geminiResponse("bench")),
  EXA: new FakeAnswerEngine(() => exaResponse("bench")),
};
const urls: Record<string, string> = {};
for (const [prefix, fake] of Object.entries(fakes)) {
  fake.latencyMs = latencyMs;
  await fake.start();
  urls[prefix] = fake.url;
}
process.stdout.write(`${JSON.stringify(urls)}\n`);
process.on("SIGTERM", async () => {
  for (const fake of Object.values(fakes)) await fake.close();
  const counts = Object.fromEntries(
    Object.entries(fakes).map(([prefix, fake]) => [prefix, fake.requests.length]),
  );
  process.stderr.write(`${JSON.stringify(counts)}\n`);
  process.exit(0);
});
