/**
 * Reading ease on the Flesch scale (0 hard - 100 easy) with each language's adaptation:
 * - en: Flesch (1948): 206.835 - 1.015 × words/sentence - 84.6 × syllables/word
 * - es, ca: Fernández Huerta (1959, as corrected by Law 2011):
 *   206.84 - 1.02 × words/sentence - 60 × syllables/word (no Catalan formula is established;
 *   Spanish's is used for its close syllable structure)
 * - fr: Kandel & Moles (1958): 207 - 1.015 × words/sentence - 73.6 × syllables/word
 * Syllables are counted as vowel groups (a heuristic: English drops a silent final "e",
 * Spanish and Catalan split two strong vowels, French drops a mute final "e"/"es").
 */
const FORMULAS: Readonly<
  Record<string, { name: string; base: number; perSentence: number; perSyllable: number }>
> = {
  en: { name: "Flesch reading ease", base: 206.835, perSentence: 1.015, perSyllable: 84.6 },
  es: { name: "Fernández Huerta", base: 206.84, perSentence: 1.02, perSyllable: 60 },
  ca: { name: "Fernández Huerta", base: 206.84, perSentence: 1.02, perSyllable: 60 },
  fr: { name: "Kandel-Moles", base: 207, perSentence: 1.015, perSyllable: 73.6 },
};

const VOWELS: Readonly<Record<string, RegExp>> = {
  en: /[aeiouy]+/g,
  es: /[aeiouáéíóúü]+/g,
  ca: /[aeiouàèéíòóúïü]+/g,
  fr: /[aeiouyàâäéèêëîïôöùûüœæ]+/g,
};
const STRONG = /[aeoáéóàèò]|[íú]/;

function syllables(word: string, language: string): number {
  const vowels = VOWELS[language] ?? (VOWELS.en as RegExp);
  let w = word.toLowerCase();
  if (language === "en" && w.length > 2 && /[^l]e$/.test(w)) w = w.slice(0, -1);
  if (language === "fr" && w.length > 3) w = w.replace(/([^aeiouy])es?$/, "$1");
  let count = 0;
  for (const group of w.matchAll(vowels)) {
    count++;
    if (language === "es" || language === "ca") {
      // Two strong vowels side by side are two syllables (hiatus: "le-er", "pa-ís").
      const letters = [...group[0]];
      for (let i = 1; i < letters.length; i++) {
        if (STRONG.test(letters[i - 1] as string) && STRONG.test(letters[i] as string)) count++;
      }
    }
  }
  return Math.max(1, count);
}

export interface ReadabilityScore {
  sentences: number;
  words: number;
  wordsPerSentence: number;
  syllablesPerWord: number;
  /** 0-100 on the language's formula, or null for another language. */
  score: number | null;
  formula: string | null;
}

/** Scores `sentences` (already split: one string each). */
export function readabilityScore(options: {
  sentences: readonly string[];
  language: string | null;
}): ReadabilityScore {
  const language = options.language ?? "";
  let words = 0;
  let syllableCount = 0;
  let sentences = 0;
  for (const sentence of options.sentences) {
    const found = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
    if (found.length === 0) continue;
    sentences++;
    words += found.length;
    for (const word of found)
      syllableCount += syllables(word, FORMULAS[language] ? language : "en");
  }
  const wordsPerSentence = sentences === 0 ? 0 : words / sentences;
  const syllablesPerWord = words === 0 ? 0 : syllableCount / words;
  const formula = FORMULAS[language];
  const raw =
    formula === undefined || words === 0
      ? null
      : formula.base -
        formula.perSentence * wordsPerSentence -
        formula.perSyllable * syllablesPerWord;
  return {
    sentences,
    words,
    wordsPerSentence: Math.round(wordsPerSentence * 10) / 10,
    syllablesPerWord: Math.round(syllablesPerWord * 100) / 100,
    score: raw === null ? null : Math.round(Math.min(100, Math.max(0, raw))),
    formula: formula?.name ?? null,
  };
}
