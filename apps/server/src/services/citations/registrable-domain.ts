import { parse } from "tldts";

/** The registrable domain of a URL (`www.globex.com/x` → globex.com), else its host, else null. */
export function registrableDomain(url: string): string | null {
  const parsed = parse(url, { allowPrivateDomains: true });
  return parsed.domain ?? parsed.hostname ?? null;
}
