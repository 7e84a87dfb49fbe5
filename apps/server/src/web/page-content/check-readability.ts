import { splitSentences } from "../../analysis/sentences.js";
import type { PageCheck } from "../page-check.js";
import { readabilityScore } from "./readability-score.js";
import type { ContentCheckInput } from "./types.js";

/** Under this many words the text is not scored. */
const MIN_WORDS = 100;
const MAX_WORDS_PER_SENTENCE = 25;
const MIN_SCORE = 40;

/**
 * `understanding.readability`: the main content's paragraphs and list items, split into
 * sentences, scored by `readabilityScore` (the language's Flesch-scale formula). Passes with
 * at most 25 words per sentence and a score of at least 40 (no score outside en/es/ca/fr:
 * sentence length alone); not scored under 100 words.
 */
export function checkReadability({
  content,
  language: declared,
  detectedLanguage,
}: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.readability",
    category: "understanding",
    title: "Readability",
    severity: "low",
  } as const;
  const sentences: string[] = [];
  for (const block of content.blocks) {
    if (block.kind === "heading") continue;
    const { ends } = splitSentences(block.text);
    let start = 0;
    for (const end of ends) {
      sentences.push(block.text.slice(start, end));
      start = end;
    }
  }
  // The text's own language picks the formula; the declared one when it cannot be told.
  const language = detectedLanguage ?? declared;
  const result = readabilityScore({ sentences, language });
  const evidence = [
    { label: "words / sentences", value: `${result.words} / ${result.sentences}` },
    { label: "words per sentence", value: String(result.wordsPerSentence) },
    { label: "syllables per word", value: String(result.syllablesPerWord) },
    {
      label: "score",
      value:
        result.score === null
          ? `(no formula for language ${language ?? "unknown"})`
          : `${result.score} (${result.formula}, ${language})`,
    },
  ];
  if (result.words < MIN_WORDS) {
    return {
      ...base,
      status: "not_applicable",
      summary: `The main content has ${result.words} words of running text, too few to score.`,
      evidence,
      fix: null,
    };
  }
  const long = result.wordsPerSentence > MAX_WORDS_PER_SENTENCE;
  const hard = result.score !== null && result.score < MIN_SCORE;
  if (long || hard) {
    return {
      ...base,
      status: "warn",
      summary: long
        ? `Sentences average ${result.wordsPerSentence} words; long sentences are hard to quote.`
        : `The text scores ${result.score} on ${result.formula} (0-100, higher is easier): hard to read.`,
      evidence,
      fix: "Shorten sentences (under 20 words on average), prefer common words, one idea per sentence.",
    };
  }
  return {
    ...base,
    status: "pass",
    summary:
      result.score === null
        ? `Sentences average ${result.wordsPerSentence} words.`
        : `The text scores ${result.score} on ${result.formula} with ${result.wordsPerSentence} words per sentence.`,
    evidence,
    fix: null,
  };
}
