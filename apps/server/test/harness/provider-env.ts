/** The variables that point the server at a provider (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, …). */
export const providerEnvNames = ["OPENAI", "PERPLEXITY", "ANTHROPIC", "GEMINI", "EXA"].flatMap(
  (prefix) => [`${prefix}_API_KEY`, `${prefix}_BASE_URL`],
);
