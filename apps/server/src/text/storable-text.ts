/**
 * Text PostgreSQL cannot store: it refuses the NUL character in `text` and
 * `jsonb`, and a lone UTF-16 surrogate (which JSON.parse happily yields for
 * `"\udfff"`) has no UTF-8 encoding. Why the text is refused, or undefined.
 */
export function unstorableTextReason(text: string): string | undefined {
  if (text.includes("\0")) return "must not contain the NUL character (U+0000)";
  if (!text.isWellFormed()) return "must not contain a lone UTF-16 surrogate";
  return undefined;
}

export function isStorableText(text: string): boolean {
  return unstorableTextReason(text) === undefined;
}

/** A field name that can be shown and logged, whatever the client sent as a key. */
export function printableKey(key: string): string {
  return key.toWellFormed().replaceAll("\0", "\uFFFD");
}

/** Text PostgreSQL can store: a lone surrogate and NUL become U+FFFD (text from providers is untrusted). */
export function toStorableText(text: string): string {
  return text.toWellFormed().replaceAll("\0", "\uFFFD");
}

/**
 * JSON of a value whose every string is storable (`toStorableText`): what a `jsonb` parameter
 * carries when its strings come from outside (an engine's answer, a page title).
 */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_, item) =>
    typeof item === "string" ? toStorableText(item) : item,
  );
}
