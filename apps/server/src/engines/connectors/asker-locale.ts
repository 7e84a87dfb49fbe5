/**
 * Codes `Intl.DisplayNames` names that are not ISO 3166-1 alpha-2 countries (exceptionally
 * reserved or user-assigned codes, which providers may refuse): the European Union, the
 * Eurozone, the United Nations, Outlying Oceania, Ascension, Clipperton, Diego Garcia, Ceuta and
 * Melilla, the Canary Islands, Tristan da Cunha, Kosovo, pseudo-locales, Unknown Region.
 */
const notCountries = new Set([
  "EU",
  "EZ",
  "UN",
  "QO",
  "AC",
  "CP",
  "DG",
  "EA",
  "IC",
  "TA",
  "XK",
  "XA",
  "XB",
  "ZZ",
]);
/** Common names that are not the ISO code (the United Kingdom is GB). */
const aliases: Record<string, string> = { UK: "GB" };
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/**
 * The country a prompt's region names, as the providers take it (ISO 3166-1 alpha-2, upper
 * case): the region itself (`es`, `fr`, `uk` as GB) or its first part (`us-west` is US);
 * undefined for a region that names no country (`eu-west`, `latam`) or no region.
 */
export function askerCountry(region: string | null | undefined): string | undefined {
  const first = region?.split("-")[0]?.toUpperCase() ?? "";
  if (!/^[A-Z]{2}$/.test(first)) return undefined;
  const code = aliases[first] ?? first;
  if (notCountries.has(code)) return undefined;
  // An unknown code falls back to itself: a known one has a name.
  return regionNames.of(code) === code ? undefined : code;
}

/**
 * The language a prompt is in, as providers take it (ISO 639-1, lower case): the code itself
 * (`es`) or its first part (`es-ES` is es); undefined for anything else.
 */
export function askerLanguage(language: string | null | undefined): string | undefined {
  const first = language?.split(/[-_]/)[0]?.toLowerCase() ?? "";
  return /^[a-z]{2}$/.test(first) ? first : undefined;
}

/** Where the asker is and the language they ask in, from the request's prompt context. */
export function askerLocale(context: { region: string | null; language: string }): {
  country: string | undefined;
  language: string | undefined;
} {
  return { country: askerCountry(context.region), language: askerLanguage(context.language) };
}
