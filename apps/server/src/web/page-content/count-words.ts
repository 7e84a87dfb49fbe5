const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Words: runs of letters and digits (any script), an inner apostrophe or hyphen kept. */
export function countWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(WORD)) count++;
  return count;
}
