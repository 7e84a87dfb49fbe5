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
