import type { PageCheck } from "../page-check.js";
import { countWords } from "./count-words.js";
import type { ContentCheckInput } from "./types.js";

/** A paragraph shorter than this is a byline or a label, not the lead. */
const MIN_LEAD_WORDS = 8;
/** The lead must start within this many words of the main content. */
const NEAR_TOP_WORDS = 100;
/** A lead longer than this is a wall of text, not a quotable answer. */
const MAX_LEAD_WORDS = 80;

/**
 * `understanding.answer_first`: engines quote pages that answer at once. The lead is the first
 * paragraph of the main content with at least 8 words; it passes when it starts within the
 * first 100 words, has at most 80 words and is not itself a question.
 */
export function checkAnswerFirst({ content }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.answer_first",
    category: "understanding",
    title: "Answer-first summary",
    severity: "medium",
  } as const;
  let before = 0;
  let lead: string | null = null;
  for (const block of content.blocks) {
    const words = countWords(block.text);
    if (block.kind === "paragraph" && words >= MIN_LEAD_WORDS) {
      lead = block.text;
      break;
    }
    if (block.kind !== "heading") before += words;
  }
  const fix =
    "Open the main content with a 1-3 sentence paragraph (under 80 words) that answers the page's question directly, before any detail.";
  if (lead === null) {
    return {
      ...base,
      status: "warn",
      summary: "The main content has no opening paragraph engines can quote.",
      evidence: [{ label: "lead paragraph", value: "(none)" }],
      fix,
    };
  }
  const words = countWords(lead);
  const evidence = [
    { label: "lead paragraph", value: lead.length > 300 ? `${lead.slice(0, 300)}…` : lead },
    { label: "lead words", value: String(words) },
    { label: "words before it", value: String(before) },
  ];
  if (before > NEAR_TOP_WORDS) {
    return {
      ...base,
      status: "warn",
      summary: `The first real paragraph comes after ${before} words of other content.`,
      evidence,
      fix,
    };
  }
  if (words > MAX_LEAD_WORDS) {
    return {
      ...base,
      status: "warn",
      summary: `The opening paragraph is ${words} words long; a short direct answer is easier to quote.`,
      evidence,
      fix,
    };
  }
  if (/\?\s*$/.test(lead)) {
    return {
      ...base,
      status: "warn",
      summary: "The opening paragraph asks a question instead of answering it.",
      evidence,
      fix,
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The main content opens with a ${words}-word paragraph that engines can quote.`,
    evidence,
    fix: null,
  };
}
