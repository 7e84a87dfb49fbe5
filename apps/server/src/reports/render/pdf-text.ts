/**
 * The PDF uses pdfkit's standard Helvetica (nothing to ship or embed: every PDF reader has it),
 * whose encoding is WinAnsi: Latin-1 (all of Catalan, Spanish, French, German, Portuguese...,
 * `l·l`, `ç`, `ñ`, `é`), plus the euro sign, curly quotes, dashes, ellipsis, `Œ`, `Š`, `Ž`.
 * Text outside it would print as garbage, so each character the font cannot draw becomes its
 * base letter when it has one (`ł` → `l`, `ő` → `o`), else `?`. The HTML shows the original.
 */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a,
  0x20ac, 0x2122,
]);

/** Letters without a decomposition that still have an obvious base letter. */
const BASE_LETTERS: Record<string, string> = {
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ħ: "h",
  Ħ: "H",
  ı: "i",
  ŀ: "l·",
  Ŀ: "L·",
  ø: "ø",
  "\u2212": "-",
};

const drawable = (code: number): boolean =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);

function replace(char: string): string {
  const mapped = BASE_LETTERS[char];
  if (mapped !== undefined) return mapped;
  if (/\s/u.test(char)) return " ";
  const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
  return base.length > 0 && [...base].every((c) => drawable(c.codePointAt(0) ?? 0)) ? base : "?";
}

export function pdfText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    out += drawable(char.codePointAt(0) ?? 0) ? char : replace(char);
  }
  return out;
}
