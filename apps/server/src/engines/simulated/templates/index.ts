import { ca } from "./ca.js";
import { en } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import type { LanguagePack } from "./types.js";

export type { LanguagePack } from "./types.js";

export const LANGUAGE_PACKS: Readonly<Record<string, LanguagePack>> = { en, es, ca, fr };

/** The pack for a language code ("es", "es-ES"); English when unknown. */
export function languagePack(language: string): LanguagePack {
  const code = language.toLowerCase().split(/[-_]/)[0] ?? "en";
  return LANGUAGE_PACKS[code] ?? en;
}
