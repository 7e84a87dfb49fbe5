/**
 * Where a fake provider was told the asker is and the language they ask in, read from the request
 * it received in that provider's wire format, and echoed in its answer text (as a localised
 * search would change the answer), so a test proves what reached the provider by what came back.
 */
export interface SentLocale {
  country?: string | undefined;
  language?: string | undefined;
}

/**
 * The locale a request carries: OpenAI's and Anthropic's web search tool `user_location.country`,
 * Perplexity's `web_search_options.user_location.country` and `search_language_filter`, Exa's
 * `userLocation`. Gemini's Google Search grounding takes neither.
 */
export function sentLocale(body: any): SentLocale {
  const tool = (body?.tools ?? []).find((t: any) => t?.user_location);
  const country =
    tool?.user_location?.country ??
    body?.web_search_options?.user_location?.country ??
    body?.userLocation;
  const language = body?.search_language_filter?.[0];
  return {
    ...(typeof country === "string" ? { country } : {}),
    ...(typeof language === "string" ? { language } : {}),
  };
}

const phrases: Record<string, { searched: string; from: string; inLanguage: string }> = {
  en: { searched: "Searched", from: "from", inLanguage: "in English" },
  es: { searched: "Buscado", from: "desde", inLanguage: "en español" },
  fr: { searched: "Recherché", from: "depuis", inLanguage: "en français" },
  ca: { searched: "Cercat", from: "des de", inLanguage: "en català" },
};

/**
 * What a fake adds to its answer for the locale it was sent, in that language: " (Buscado en
 * español desde ES.)", " (Searched from FR.)"; nothing when it was sent none.
 */
export function localeEcho({ country, language }: SentLocale): string {
  if (!country && !language) return "";
  const words = phrases[language ?? "en"] ?? phrases.en;
  const parts = [
    words?.searched,
    language ? (words?.inLanguage ?? language) : null,
    country ? `${words?.from} ${country}` : null,
  ];
  return ` (${parts.filter(Boolean).join(" ")}.)`;
}
