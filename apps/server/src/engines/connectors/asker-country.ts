/**
 * Codes `Intl.DisplayNames` names that are not countries a search can be localised to
 * (ISO 3166-1 exceptionally or user-assigned codes: the European Union, the Eurozone, the United
 * Nations, Outlying Oceania, pseudo-locales, Unknown Region).
 */
const notCountries = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"]);
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
