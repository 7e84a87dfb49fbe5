import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

const MIN = 50;
const MAX = 160;

/** `understanding.meta_description`: present, 50-160 characters. */
export function checkMetaDescription({ facts }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.meta_description",
    category: "understanding",
    title: "Meta description",
    severity: "medium",
  } as const;
  const meta = facts.metas.find((m) => m.key === "description" && m.content !== "");
  if (meta === undefined) {
    const empty = facts.metas.find((m) => m.key === "description");
    return {
      ...base,
      status: "fail",
      summary:
        empty === undefined
          ? "The page has no meta description."
          : "The page's meta description is empty.",
      evidence: [
        { label: "meta description", value: empty?.tag ?? '(no <meta name="description">)' },
      ],
      fix: 'Add <meta name="description" content="…"> with a 50-160 character summary that answers what the page is about.',
    };
  }
  const length = [...meta.content].length;
  const evidence = [
    { label: "meta description", value: meta.content },
    { label: "length", value: `${length} characters` },
  ];
  if (length < MIN || length > MAX) {
    return {
      ...base,
      status: "warn",
      summary:
        length < MIN
          ? `The meta description is ${length} characters, too short to summarise the page.`
          : `The meta description is ${length} characters; snippets cut it around ${MAX}.`,
      evidence,
      fix: "Write a 50-160 character description that states the page's main answer or offer.",
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The meta description is present and ${length} characters long.`,
    evidence,
    fix: null,
  };
}
