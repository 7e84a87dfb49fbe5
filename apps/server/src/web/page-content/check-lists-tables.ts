import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

/** Under this many words, structure is not expected. */
const SHORT_PAGE = 150;

/**
 * `understanding.lists_tables`: lists (at least two items) and data tables in the main content
 * are what engines lift into answers. None in 150 words or more warns; a shorter page is not
 * scored.
 */
export function checkListsTables({ content }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.lists_tables",
    category: "understanding",
    title: "Lists and tables",
    severity: "low",
  } as const;
  const evidence = [
    { label: "lists", value: String(content.lists) },
    { label: "tables", value: String(content.tables) },
    { label: "main content words", value: String(content.wordCount) },
  ];
  if (content.lists + content.tables > 0) {
    return {
      ...base,
      status: "pass",
      summary: `The main content has ${content.lists} list${content.lists === 1 ? "" : "s"} and ${content.tables} table${content.tables === 1 ? "" : "s"}.`,
      evidence,
      fix: null,
    };
  }
  if (content.wordCount < SHORT_PAGE) {
    return {
      ...base,
      status: "not_applicable",
      summary: "The main content is too short to need lists or tables.",
      evidence,
      fix: null,
    };
  }
  return {
    ...base,
    status: "warn",
    summary: `The main content has ${content.wordCount} words and no list or table.`,
    evidence,
    fix: "Put steps, options, features or comparisons in <ul>/<ol> lists and <table>s: engines lift structured parts into answers.",
  };
}
