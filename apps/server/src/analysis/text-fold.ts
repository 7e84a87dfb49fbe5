/**
 * Case- and accent-insensitive folding with a map back to the original text,
 * so matching runs on folded text while results keep original UTF-16 offsets.
 */

export interface FoldedText {
  /** Lower case, NFD without combining marks, `’` as `'`, whitespace but line feeds as a space. */
  text: string;
  /**
   * `origin[i]` is the original offset of folded code unit `i`;
   * `origin[text.length]` is the original length (so ends map back too).
   */
  origin: Int32Array | null;
}

const MARKS = /\p{M}/gu;
const SPACE = /\s/u;
const APOSTROPHES = new Set(["\u2019", "\u02bc", "\u2018", "`"]);
const foldCache = new Map<string, string>();

/** The folded form of one code point (cached: answers reuse few distinct characters). */
function foldChar(ch: string): string {
  const cached = foldCache.get(ch);
  if (cached !== undefined) return cached;
  let out: string;
  if (APOSTROPHES.has(ch)) out = "'";
  else if (ch === "\n") out = ch;
  else if (SPACE.test(ch)) out = " ";
  else out = ch.toLowerCase().normalize("NFD").replace(MARKS, "");
  if (foldCache.size < 4096) foldCache.set(ch, out);
  return out;
}

// Anything but printable ASCII and line feeds needs the slow path.
const NEEDS_FOLDING = /[^\x20-\x7e\n]/;

/** Printable ASCII but the backtick, or a line feed: folds to itself in lower case. */
const isPlain = (c: number) => (c >= 0x20 && c < 0x7f && c !== 0x60) || c === 0x0a;

/** Folds `text`; printable ASCII text (and line feeds) keeps identical offsets. */
export function foldText(text: string): FoldedText {
  if (!NEEDS_FOLDING.test(text) && !text.includes("`")) {
    return { text: text.toLowerCase(), origin: null };
  }
  let out = "";
  let origin = new Int32Array(text.length + 16);
  let j = 0;
  const reserve = (n: number) => {
    if (j + n < origin.length) return;
    const bigger = new Int32Array(origin.length * 2 + n);
    bigger.set(origin);
    origin = bigger;
  };
  for (let i = 0; i < text.length; ) {
    // A run of plain ASCII is lower-cased in one piece.
    const runStart = i;
    while (i < text.length && isPlain(text.charCodeAt(i))) i++;
    if (i > runStart) {
      out += text.slice(runStart, i).toLowerCase();
      reserve(i - runStart);
      for (let k = runStart; k < i; k++) origin[j++] = k;
      continue;
    }
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const folded = foldChar(width === 1 ? (text[i] as string) : text.slice(i, i + 2));
    out += folded;
    reserve(folded.length);
    for (let k = 0; k < folded.length; k++) origin[j++] = i;
    i += width;
  }
  reserve(1);
  origin[j] = text.length;
  return { text: out, origin: origin.subarray(0, j + 1) };
}

/** Original offset of folded offset `i` (also valid for an exclusive end). */
export function toOriginal(folded: FoldedText, i: number): number {
  return folded.origin === null ? i : (folded.origin[i] as number);
}

/** Folds a name, alias or term the same way, collapsing runs of spaces. */
export function foldTerm(term: string): string {
  return foldText(term.trim()).text.replace(/ {2,}/g, " ");
}

const WORD = /[\p{L}\p{N}]/u;

/** Letters and digits of any script form words; everything else separates them. */
export function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return WORD.test(ch);
}
