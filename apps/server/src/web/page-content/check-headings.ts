import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

/** The outline shown as evidence is cut at this many headings. */
const OUTLINE_LINES = 30;

/**
 * `understanding.headings`: an outline engines can follow: exactly one `<h1>`, and no level
 * skipped on the way down (h2 then h4). No heading or no h1 fails; several h1 or a skip warns.
 */
export function checkHeadings({ facts }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.headings",
    category: "understanding",
    title: "Headings outline",
    severity: "medium",
  } as const;
  const { headings } = facts;
  const lines = headings
    .slice(0, OUTLINE_LINES)
    .map(
      (h) =>
        `${"  ".repeat(h.level - 1)}h${h.level} ${h.text === "" ? "(empty)" : h.text.slice(0, 80)}`,
    );
  if (headings.length > OUTLINE_LINES) lines.push(`… ${headings.length - OUTLINE_LINES} more`);
  const outline = { label: "outline", value: lines.join("\n") };
  if (headings.length === 0) {
    return {
      ...base,
      status: "fail",
      summary: "The page has no headings, so engines cannot see its structure.",
      evidence: [{ label: "outline", value: "(no h1-h6)" }],
      fix: "Add one <h1> naming the subject and <h2>/<h3> headings for its sections.",
    };
  }
  const h1 = headings.filter((h) => h.level === 1).length;
  const skips: string[] = [];
  let previous = 0;
  for (const heading of headings) {
    if (previous > 0 && heading.level > previous + 1) {
      skips.push(`h${previous} → h${heading.level} ("${heading.text.slice(0, 60)}")`);
    }
    previous = heading.level;
  }
  const evidence = [outline];
  if (skips.length > 0)
    evidence.push({ label: "skipped levels", value: skips.slice(0, 5).join("; ") });
  if (h1 === 0) {
    return {
      ...base,
      status: "fail",
      summary: "The page has no <h1>, so its main subject is not marked.",
      evidence,
      fix: "Add one <h1> that states the page's subject.",
    };
  }
  if (h1 > 1 || skips.length > 0) {
    const problems = [
      h1 > 1 ? `${h1} <h1> elements` : null,
      skips.length > 0
        ? `${skips.length} skipped heading level${skips.length === 1 ? "" : "s"}`
        : null,
    ].filter((p) => p !== null);
    return {
      ...base,
      status: "warn",
      summary: `The outline has ${problems.join(" and ")}.`,
      evidence,
      fix:
        h1 > 1
          ? "Keep one <h1> for the page's subject and make the other top headings <h2>; go down one level at a time."
          : "Go down one heading level at a time (h2, then h3), so sections nest as they read.",
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `One <h1> and ${headings.length - 1} nested heading${headings.length === 2 ? "" : "s"} with no skipped level.`,
    evidence,
    fix: null,
  };
}
