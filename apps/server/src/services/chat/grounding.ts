/**
 * The grounding check: every number an answer states must appear in the tool
 * results the turn read (or in the question). A number matches a result's
 * number at the precision the answer wrote it, as is or as a percentage of a
 * ratio (0.412 read, "41.2%" written). Dates count as one token. Text an
 * engine or a web page wrote (the tools' `untrusted*` fields) grounds nothing:
 * a number found only there is the page's claim, not the workspace's data.
 */

const dateToken = /\b\d{4}-\d{2}-\d{2}\b/g;
const numberToken = /(?<![\w.])-?\d+(?:,\d{3})*(?:\.\d+)?/g;

function numbersIn(text: string): string[] {
  return [...text.replace(dateToken, " ").matchAll(numberToken)].map((m) =>
    m[0].replaceAll(",", ""),
  );
}

/** The tools' fields holding engine or web text (assistant-tools: search_answers, get_answer, get_page_evaluation). */
const untrustedFields = new Set(["untrustedText", "untrustedTitle", "untrustedCrawlerText"]);

/** Every number and date in a JSON value (strings are searched too), but not in untrusted fields. */
function collect(value: unknown, numbers: number[], dates: Set<string>): void {
  if (typeof value === "number" && Number.isFinite(value)) numbers.push(value);
  else if (typeof value === "bigint") numbers.push(Number(value));
  else if (typeof value === "string") {
    for (const date of value.match(dateToken) ?? []) dates.add(date);
    for (const token of numbersIn(value)) numbers.push(Number(token));
  } else if (Array.isArray(value)) for (const item of value) collect(item, numbers, dates);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (!untrustedFields.has(key)) collect(inner, numbers, dates);
    }
  }
}

const decimalsOf = (token: string) => token.split(".")[1]?.length ?? 0;
const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * The numbers and dates in `answer` found in neither `sources` (tool results:
 * data and summaries) nor `question`; empty when the answer is grounded.
 * Line-leading list markers ("1.", "2)") are not stated numbers.
 */
export function ungroundedNumbers(answer: string, sources: unknown[], question = ""): string[] {
  const numbers: number[] = [];
  const dates = new Set<string>();
  collect([...sources, question], numbers, dates);
  const known = (token: string) => {
    const value = Number(token);
    const decimals = decimalsOf(token);
    return numbers.some(
      (n) => roundTo(n, decimals) === value || roundTo(n * 100, decimals) === value,
    );
  };
  const text = answer.replace(/^\s*\d+[.)]\s/gm, "");
  const missing = [
    ...(text.match(dateToken) ?? []).filter((date) => !dates.has(date)),
    ...numbersIn(text).filter((token) => !known(token)),
  ];
  return [...new Set(missing)];
}
