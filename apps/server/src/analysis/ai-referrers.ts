import referrers from "./ai-referrers.json" with { type: "json" };

/** The version of `ai-referrers.json`; a stored row's `aiEngine` is what this version said. */
export const AI_REFERRERS_VERSION = referrers.version;

const byHost = new Map<string, string>();
const bySource = new Map<string, string>();
for (const entry of referrers.engines) {
  for (const host of entry.hosts) byHost.set(host.toLowerCase(), entry.engine);
  for (const source of entry.sources) bySource.set(source.toLowerCase(), entry.engine);
}

/** The AI engines the list knows, in its order. */
export const AI_ENGINES: readonly string[] = referrers.engines.map((e) => e.engine);

/**
 * The AI engine a GA4 session source (a referrer host such as `chatgpt.com`, `www.perplexity.ai`,
 * `gemini.google.com`, or a utm_source such as `chatgpt`) belongs to, from `ai-referrers.json`;
 * null for anything else, including `(direct)` and `(not set)`, where engines that strip the
 * referrer end up.
 */
export function classifyAiReferrer(sessionSource: string): string | null {
  let source = sessionSource.trim().toLowerCase();
  const exact = bySource.get(source);
  if (exact) return exact;
  source = source.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").split(/[/?#:]/)[0] ?? "";
  if (source.startsWith("www.")) source = source.slice(4);
  for (let host = source; host.includes("."); host = host.slice(host.indexOf(".") + 1)) {
    const engine = byHost.get(host);
    if (engine) return engine;
  }
  return null;
}
