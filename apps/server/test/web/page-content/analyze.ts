import { readFileSync } from "node:fs";
import type { PageCheck } from "../../../src/web/page-check.js";
import {
  analyzePageContent,
  type PageContentInput,
} from "../../../src/web/page-content/analyze-page-content.js";

export const NOW = new Date("2026-11-24T00:00:00Z");

export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

/** Analyzes `html` as https://www.acme.example/page for the brand Acme unless told. */
export function analyze(html: string, overrides: Partial<PageContentInput> = {}) {
  const result = analyzePageContent({
    html,
    url: "https://www.acme.example/page",
    brand: "Acme",
    brandDomains: ["acme.example"],
    competitors: [{ name: "Globex" }, { name: "Initech", aliases: ["Initech Corp"] }],
    now: NOW,
    ...overrides,
  });
  const byId = new Map(result.checks.map((check) => [check.id, check]));
  const check = (id: string): PageCheck => {
    const found = byId.get(id);
    if (found === undefined) throw new Error(`no check ${id}`);
    return found;
  };
  return { ...result, check };
}

/** A minimal well-formed page around `body`, with `head` added to a default head. */
export function page(options: { head?: string; body?: string; lang?: string | null } = {}): string {
  const lang = options.lang === null ? "" : ` lang="${options.lang ?? "en"}"`;
  return `<!doctype html><html${lang}><head><meta charset="utf-8">${options.head ?? ""}</head><body>${options.body ?? ""}</body></html>`;
}
