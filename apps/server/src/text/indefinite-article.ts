// Letters whose English names start with a vowel sound ("an SEO tool", "an HR app").
const vowelSoundLetters = new Set([..."AEFHILMNORSX"]);
// Lowercase words that start with a vowel letter but a consonant sound, and the reverse.
const consonantSound = /^(?:uni|use|usa|usu|ute|euro?|one|once|ubi)/;
const silentH = /^(?:hour|honest|honou?r|heir)/;

/**
 * `phrase` with its English indefinite article: "a CRM tool", "an analytics
 * tool", "an SEO platform", "a user research tool". A heuristic by spelling:
 * an all-capital first word (an acronym) by its first letter's name, else by
 * the first letter, with the usual exceptions (uni-, use-, eu-, one; hour, honest).
 */
export function withIndefiniteArticle(phrase: string): string {
  const word = phrase.trim().split(/\s+/)[0] ?? "";
  const letters = word.replace(/[^A-Za-z]/g, "");
  if (letters.length === 0) return `a ${phrase}`;
  const acronym = letters.length > 1 && letters === letters.toUpperCase();
  const lower = letters.toLowerCase();
  const an = acronym
    ? vowelSoundLetters.has(letters[0] as string)
    : silentH.test(lower) || (/^[aeiou]/.test(lower) && !consonantSound.test(lower));
  return `${an ? "an" : "a"} ${phrase}`;
}
