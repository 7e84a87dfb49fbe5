/**
 * The markdown shape of a (folded) answer that stance reads: which lines are
 * headings, list items or table rows, and for each item the line that
 * introduces its list ("## best options", "tools to avoid:"). Pure; linear in
 * the lines (a list's items share the intro of the first), each line classified
 * by anchored expressions of bounded form (no backtracking over untrusted text).
 */

export type LineKind = "blank" | "heading" | "item" | "row" | "text";

export interface AnswerLine {
  kind: LineKind;
  /** Folded offsets of the line, without its line feed. */
  start: number;
  end: number;
  /** Where the content starts after the list marker or heading hashes. */
  contentStart: number;
  /** Indented more than one space (a list item's continuation). */
  indented: boolean;
  /** Line index of the line introducing this item's, row's or heading's list, or -1. */
  intro: number;
  /** Line index of the nearest heading above, or -1. */
  heading: number;
  /** A row's: line index of its table's first row (the header). */
  header: number;
  /** 1-6 for `#` headings, 7 for a bold line; 0 otherwise. */
  level: number;
  /** An item of a numbered list ("1.", "2)", "#3"). */
  numbered: boolean;
}

const HEADING = /^ {0,3}(#{1,6}) +/;
const BOLD_LINE = /^ {0,3}\*\*[^*\n]{1,120}\*\*:? *$/;
const ITEM = /^ *(?:[-*+\u2022\u2192\u279c\u25b6]|(\d{1,3})[.)]|#(\d{1,3})) +/;
const ROW = /^ *\|/;
/** A paragraph led by a bold phrase ("**Acme** – ...", "**Acme** is ..."), read as a list item. */
const BOLD_LEAD = /^ {0,3}\*\*[^*\n]{1,80}\*\*/;

export function answerLines(text: string): AnswerLine[] {
  const lines: AnswerLine[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    lines.push(classifyLine(text.slice(start, end), start, end));
    if (nl === -1) break;
    start = nl + 1;
  }
  let heading = -1;
  lines.forEach((line, i) => {
    line.heading = heading;
    if (line.kind === "item" || line.kind === "row" || line.kind === "heading") {
      line.intro = introOf(text, lines, i);
    }
    if (line.kind === "row") {
      const previous = lines[i - 1];
      line.header = previous?.kind === "row" ? previous.header : i;
    }
    if (line.kind === "heading") heading = i;
  });
  return lines;
}

function classifyLine(line: string, start: number, end: number): AnswerLine {
  const base = {
    start,
    end,
    contentStart: start,
    intro: -1,
    heading: -1,
    header: -1,
    level: 0,
    numbered: false,
  };
  const indented = /^ {2,}\S/.test(line);
  if (line.trim() === "") return { ...base, kind: "blank", indented: false };
  const heading = HEADING.exec(line);
  if (heading) {
    const contentStart = start + heading[0].length;
    return {
      ...base,
      kind: "heading",
      contentStart,
      indented,
      level: (heading[1] as string).length,
    };
  }
  if (BOLD_LINE.test(line)) return { ...base, kind: "heading", indented, level: 7 };
  const item = ITEM.exec(line);
  if (item) {
    const numbered = item[1] !== undefined || item[2] !== undefined;
    return { ...base, kind: "item", contentStart: start + item[0].length, indented, numbered };
  }
  if (ROW.test(line)) return { ...base, kind: "row", indented };
  if (BOLD_LEAD.test(line)) {
    return { ...base, kind: "item", indented, numbered: /^ {0,3}\*\*\d{1,3}[.)]/.test(line) };
  }
  return { ...base, kind: "text", indented };
}

/**
 * The line introducing the list that line `i` belongs to. An item's or row's:
 * walking up past the list's own items, rows, blank lines and indented
 * continuations, the first heading or text line. A heading's: the nearest
 * text line above ending with a colon or the nearest heading of a higher
 * level, past its siblings' bodies.
 */
function introOf(text: string, lines: readonly AnswerLine[], i: number): number {
  const self = lines[i] as AnswerLine;
  for (let j = i - 1; j >= 0; j--) {
    const line = lines[j] as AnswerLine;
    if (self.kind === "heading") {
      if (line.kind === "heading" && line.level < self.level) return j;
      // A sibling heading's walk from here is this one's: reuse its answer (linear in the lines).
      if (line.kind === "heading" && line.level === self.level) return line.intro;
      if (line.kind === "text" && endsWithColon(text, line)) return j;
      continue;
    }
    // So is an earlier item's or row's.
    if (line.kind === "item" || line.kind === "row") return line.intro;
    if (line.kind === "blank") continue;
    if (line.kind === "text" && line.indented) continue;
    return j;
  }
  return -1;
}

/** Whether a line ends with a colon: it introduces what follows. */
export const endsWithColon = (text: string, line: AnswerLine): boolean =>
  /: *$/.test(text.slice(Math.max(line.start, line.end - 8), line.end));

/** Index of the line containing folded offset `offset` (binary search). */
export function lineAt(lines: readonly AnswerLine[], offset: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lines[mid] as AnswerLine).start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
