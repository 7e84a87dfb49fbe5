// Runs before every test file: provider keys or addresses in the developer's
// shell (OPENAI_API_KEY, …) would change which engines runs select. Tests
// that need them set them explicitly.
for (const prefix of ["OPENAI", "PERPLEXITY", "ANTHROPIC", "GEMINI", "EXA"]) {
  delete process.env[`${prefix}_API_KEY`];
  delete process.env[`${prefix}_BASE_URL`];
}
for (const name of ["GEO_ENGINE_CONCURRENCY", "GEO_ENGINE_RATE_LIMITS", "GEO_DOMAIN_TAXONOMY_FILE"])
  delete process.env[name];
