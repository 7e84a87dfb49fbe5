import { ca } from "./ca.js";
import { en } from "./en.js";
import { es } from "./es.js";
import { fr } from "./fr.js";
import type { StanceLexicon } from "./types.js";

export type { StanceLexicon } from "./types.js";

export const STANCE_LEXICONS: Record<"en" | "es" | "ca" | "fr", StanceLexicon> = { en, es, ca, fr };
