import { GeoPulseError } from "@geopulse/sdk";
import { plainWords } from "./plain-words";

export interface FieldErrors {
  /** Messages by form control key (`brand`, `domains`, `competitors[0].name`, `quotas`). */
  byControl: Record<string, string[]>;
  /** What the API said that no control shows (shown above the form). */
  unplaced: string[];
}

interface ApiFieldError {
  field: string;
  rule: string;
  message: string;
}

/** The `details.fields` of a 400 answer, if the error is one. */
export function apiFieldErrors(error: unknown): ApiFieldError[] {
  if (!(error instanceof GeoPulseError) || error.status !== 400) return [];
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  return Array.isArray(fields) ? (fields as ApiFieldError[]) : [];
}

/**
 * Places the API's field errors on a form's controls: `body.domains[1]` belongs to the
 * `domains` control ("item 2: …"), `body.competitors[0].name` to `competitors[0].name`.
 */
export function mapFieldErrors(error: unknown, controls: readonly string[]): FieldErrors {
  const known = new Set(controls);
  const byControl: Record<string, string[]> = {};
  const unplaced: string[] = [];
  for (const { field, rule, message } of apiFieldErrors(error)) {
    const path = field.replace(/^body\.?/, "");
    const item = /\[(\d+)\]$/.exec(path);
    const control = path.replace(/\[\d+\]$/, "");
    // A pattern's regular expression says little to a person; the field's hint says the form.
    const words = plainWords(rule, message, path);
    const said = rule === "pattern" ? `${words} (see the hint)` : words;
    const text = item ? `item ${Number(item[1]) + 1}: ${said}` : said;
    if (known.has(control)) byControl[control] = [...(byControl[control] ?? []), text];
    else unplaced.push(path ? `${path}: ${words}` : words);
  }
  return { byControl, unplaced };
}

/** An API error in words for a person (with the request id support can look up). */
export function errorMessage(error: unknown): string {
  if (error instanceof GeoPulseError) {
    const hint = hints[error.code];
    return `${error.message}${hint ? ` ${hint}` : ""}`;
  }
  return error instanceof Error ? error.message : "Something went wrong.";
}

const hints: Record<string, string> = {
  insufficient_credits: "Top up credit on the Billing page, then try again.",
  mock_topup_disabled: "This server takes payments through checkout instead.",
  rate_limited: "Wait a moment and try again.",
};
