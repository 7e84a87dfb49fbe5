import { dayOf, wholeDaysBetween } from "../../days.js";
import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

/** Older than this is stale. */
const STALE_DAYS = 365;

const MODIFIED_META = new Set([
  "article:modified_time",
  "og:updated_time",
  "datemodified",
  "dcterms.modified",
  "last-modified",
]);
const PUBLISHED_META = new Set([
  "article:published_time",
  "datepublished",
  "dcterms.created",
  "dc.date",
  "date",
]);

interface Found {
  kind: "modified" | "published" | "time";
  source: string;
  value: string;
  at: number;
}

function parseDate(value: string): number | null {
  const at = Date.parse(value.trim());
  if (Number.isNaN(at)) return null;
  // Earlier than 1990 or after 9999 (Date.parse reads years up to 275760) is not a page's date.
  const year = new Date(at).getUTCFullYear();
  return year >= 1990 && year <= 9999 ? at : null;
}

/**
 * `understanding.freshness`: the page's machine-readable date, the latest `dateModified`
 * (JSON-LD) or modified-time meta, else the latest `datePublished` / published-time meta, else
 * the latest `<time datetime>`, judged against `now`: none warns, older than 12 months warns, a
 * date more than a day ahead warns.
 */
export function checkFreshness({ facts, jsonLd, now }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.freshness",
    category: "understanding",
    title: "Dates and freshness",
    severity: "medium",
  } as const;
  const found: Found[] = [];
  const add = (kind: Found["kind"], source: string, value: string) => {
    const at = parseDate(value);
    if (at !== null) found.push({ kind, source, value, at });
  };
  for (const date of jsonLd.dates) {
    add(
      date.key === "dateModified" ? "modified" : "published",
      `JSON-LD ${date.type} ${date.key}`,
      date.value,
    );
  }
  for (const meta of facts.metas) {
    if (MODIFIED_META.has(meta.key)) add("modified", meta.tag, meta.content);
    else if (PUBLISHED_META.has(meta.key)) add("published", meta.tag, meta.content);
  }
  for (const time of facts.times) add("time", time.tag, time.value);
  const evidence = found.slice(0, 8).map((f) => ({ label: f.source, value: f.value }));
  const pick =
    ["modified", "published", "time"]
      .map((kind) => found.filter((f) => f.kind === kind).sort((a, b) => b.at - a.at)[0])
      .find((f) => f !== undefined) ?? null;
  if (pick === null) {
    return {
      ...base,
      status: "warn",
      summary:
        "The page carries no machine-readable date, so engines cannot tell how current it is.",
      evidence: [
        { label: "dates", value: "(no datePublished/dateModified, date meta or <time datetime>)" },
      ],
      fix: 'Add datePublished and dateModified to the JSON-LD (and a visible <time datetime="…">), updated when the content changes.',
    };
  }
  const days = wholeDaysBetween(pick.at, now);
  const which = `${pick.kind === "time" ? "<time>" : pick.kind} date ${dayOf(pick.at)}`;
  if (days < -1) {
    return {
      ...base,
      status: "warn",
      summary: `The page's ${which} is in the future.`,
      evidence,
      fix: "Correct the date so it states when the content was last changed.",
    };
  }
  if (days > STALE_DAYS) {
    return {
      ...base,
      status: "warn",
      summary: `The page's ${which} is ${Math.floor(days / 30.44)} months old; engines prefer current sources.`,
      evidence,
      fix: "Review and update the content, then update dateModified (and the visible date).",
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The page's ${which} is ${Math.max(0, days)} days old.`,
    evidence,
    fix: null,
  };
}
