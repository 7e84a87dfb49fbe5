import type { EngineContext, EngineRequest } from "../../src/engines/engine.js";

export const context: EngineContext = {
  brand: "Acme",
  brandDomains: ["acme.com", "acme.io"],
  competitors: [
    { name: "Globex", domains: ["globex.com"], aliases: ["Globex Corporation"] },
    { name: "Initech", domains: ["initech.io"], aliases: ["Initrode"] },
    { name: "Umbrella", domains: ["umbrella.dev"], aliases: ["Umbrella HQ"] },
  ],
  language: "en",
  region: null,
};

export const prompts: Record<string, string> = {
  en: "What is the best CRM for small businesses?",
  es: "¿Cuál es el mejor CRM para pequeñas empresas?",
  ca: "Quin és el millor CRM per a petites empreses?",
  fr: "Quel est le meilleur CRM pour les petites entreprises ?",
};

export function request(seed: string, overrides: Partial<EngineRequest> = {}): EngineRequest {
  return { prompt: prompts.en as string, model: "sim-1", seed, context, ...overrides };
}

export function inLanguage(seed: string, language: string): EngineRequest {
  return request(seed, { prompt: prompts[language] as string, context: { ...context, language } });
}

/** Surface forms by entity name. */
export const surfaces: Record<string, string[]> = {
  Acme: ["Acme"],
  Globex: ["Globex", "Globex Corporation"],
  Initech: ["Initech", "Initrode"],
  Umbrella: ["Umbrella", "Umbrella HQ"],
};

/** Whole-word, case-insensitive detection of an entity by name or alias. */
export function mentions(text: string, entity: string): boolean {
  return (surfaces[entity] ?? [entity]).some((s) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${s}(?![\\p{L}\\p{N}])`, "iu").test(text),
  );
}

/** The answer without markdown links, for counting sentences. */
export function withoutLinks(answer: string): string {
  return answer.replace(/ \(\[[^\]]*\]\([^)]*\)\)/g, "");
}
