import { randomInt } from "node:crypto";

/** RFC 8628 §6.1: consonants only, no vowels (no words), no look-alikes. */
const alphabet = "BCDFGHJKLMNPQRSTVWXZ";
const length = 8;

/** A new user code, normalised (e.g. WDJBMJHT): 20^8 ≈ 2.6e10 possibilities. */
export function generateUserCode(): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** `wdjb-mjht`, `WDJB MJHT` -> `WDJBMJHT`; undefined when it cannot be a code. */
export function normalizeUserCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== length) return undefined;
  for (const char of code) if (!alphabet.includes(char)) return undefined;
  return code;
}

/** WDJBMJHT -> WDJB-MJHT */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
