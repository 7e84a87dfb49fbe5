import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

const MIN = 10;
const MAX = 70;

/** `understanding.title`: one `<title>`, 10-70 characters (longer is cut in results). */
export function checkTitle({ facts }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.title",
    category: "understanding",
    title: "Page title",
    severity: "high",
  } as const;
  const titles = facts.titles.filter((title) => title !== "");
  const title = titles[0];
  if (title === undefined) {
    return {
      ...base,
      status: "fail",
      summary:
        facts.titles.length === 0 ? "The page has no <title>." : "The page's <title> is empty.",
      evidence: [
        { label: "title", value: facts.titles.length === 0 ? "(no <title>)" : "<title></title>" },
      ],
      fix: "Add one <title> of 30-65 characters that names the page's subject and the brand.",
    };
  }
  const length = [...title].length;
  const evidence = [
    { label: "title", value: title },
    { label: "length", value: `${length} characters` },
  ];
  if (titles.length > 1) {
    evidence.push({ label: "titles", value: `${titles.length} <title> elements` });
    return {
      ...base,
      status: "warn",
      summary: `The page has ${titles.length} <title> elements; crawlers read the first.`,
      evidence,
      fix: "Keep a single <title> in the <head>.",
    };
  }
  if (length < MIN || length > MAX) {
    return {
      ...base,
      status: "warn",
      summary:
        length < MIN
          ? `The title is ${length} characters, too short to say what the page is about.`
          : `The title is ${length} characters; engines and results cut it around ${MAX}.`,
      evidence,
      fix: "Write a title of 30-65 characters: the page's subject first, then the brand.",
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The title is present and ${length} characters long.`,
    evidence,
    fix: null,
  };
}
