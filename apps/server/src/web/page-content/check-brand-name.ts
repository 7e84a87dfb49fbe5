import type { PageCheck } from "../page-check.js";
import { findNames } from "./find-names.js";
import type { ContentCheckInput } from "./types.js";

/**
 * `entity.brand_name`: the page names the brand (title and visible text of the initial HTML),
 * and consistently: as written in the workspace, not mostly as other spellings ("ACME",
 * "acme"). Not named fails; named only or mostly in other spellings warns. A workspace brand in
 * lower case is a slug ("acme") that says nothing about how the name is written: the page's
 * most frequent spelling is then the one the others are measured against.
 */
export function checkBrandName({ facts, brand, competitors }: ContentCheckInput): PageCheck {
  const base = {
    id: "entity.brand_name",
    category: "entity",
    title: "Brand named",
    severity: "high",
  } as const;
  const name = brand.trim();
  if (name === "") {
    return {
      ...base,
      status: "not_applicable",
      summary: "No brand is set for the workspace.",
      evidence: [],
      fix: null,
    };
  }
  const title = facts.titles.find((t) => t !== "") ?? "";
  // Competitors take part so that a longer name wins ("Acme Cloud" is not "Acme").
  const names = [{ name }, ...competitors.filter((c) => c.name.trim() !== "")];
  const [hits] = findNames({ text: `${title}\n${facts.bodyText}`, names });
  const inTitle = (findNames({ text: title, names })[0]?.count ?? 0) > 0;
  const count = hits?.count ?? 0;
  if (hits === undefined || count === 0) {
    return {
      ...base,
      status: "fail",
      summary: `The page never names ${name}.`,
      evidence: [{ label: "mentions", value: "0" }],
      fix: `Name ${name} in the title, the first heading and the opening paragraph, so engines tie the content to the brand.`,
    };
  }
  const written =
    name === name.toLowerCase()
      ? hits.spellings.reduce((a, b) => (b.count > a.count ? b : a)).text
      : name;
  const exact = hits.spellings.find((s) => s.text === written)?.count ?? 0;
  const evidence = [
    { label: "mentions", value: String(count) },
    { label: "spellings", value: hits.spellings.map((s) => `${s.text} (${s.count})`).join(", ") },
    { label: "in the title", value: inTitle ? "yes" : "no" },
    ...hits.sentences.map((sentence) => ({ label: "sentence", value: sentence })),
  ];
  if (exact * 2 < count) {
    return {
      ...base,
      status: "warn",
      summary:
        exact === 0
          ? `The page names the brand only as other spellings, never as "${written}".`
          : `The page names the brand ${count} times, but only ${exact} as "${written}".`,
      evidence,
      fix: `Write the brand the same way everywhere ("${written}"), so engines see one entity.`,
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The page names ${written} ${count} time${count === 1 ? "" : "s"}, ${exact} as written.`,
    evidence,
    fix: null,
  };
}
