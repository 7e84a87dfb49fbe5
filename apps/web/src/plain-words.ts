import { formatMicrousd, formatNumber } from "./format";

/**
 * The API's validation messages (ajv's, through express-openapi-validator) in plain words for
 * a form: "must NOT have more than 80 characters" → "at most 80 characters". Messages the
 * server wrote itself (rules such as `unique` or `sum`) are already words and pass unchanged.
 */
export function plainWords(rule: string, message: string, field = ""): string {
  const count = (pattern: RegExp) => Number(pattern.exec(message)?.[1] ?? Number.NaN);
  switch (rule) {
    case "required":
      return "required";
    case "maxLength":
      return sized("at most", count(/more than (\d+)/), "character", message);
    case "minLength": {
      const n = count(/fewer than (\d+)/);
      return n === 1 ? "required" : sized("at least", n, "character", message);
    }
    case "maxItems":
      return sized("at most", count(/more than (\d+)/), "item", message);
    case "minItems": {
      const n = count(/fewer than (\d+)/);
      return n === 1 ? "add at least one" : sized("at least", n, "item", message);
    }
    case "maximum":
    case "minimum":
    case "exclusiveMaximum":
    case "exclusiveMinimum":
      return bound(message, /Microusd$/.test(field));
    case "enum": {
      const values = /allowed values: (.+?)\.?$/.exec(message)?.[1];
      return values ? `must be one of: ${values}` : "not one of the allowed values";
    }
    case "format":
      return formatWords[/format "([^"]+)"/.exec(message)?.[1] ?? ""] ?? "not in the expected form";
    case "pattern":
      return "not in the expected form";
    case "type":
      return typeWords[/must be (\w+)/.exec(message)?.[1] ?? ""] ?? message;
    case "uniqueItems":
      return "lists the same item twice";
    case "additionalProperties":
      return "not a field this form can send";
    case "multipleOf":
      return `must be a multiple of ${/multiple of (.+)$/.exec(message)?.[1] ?? "the step"}`;
    case "const":
      return "not the expected value";
    default:
      return message;
  }
}

function sized(limit: string, n: number, unit: string, message: string): string {
  if (Number.isNaN(n)) return message;
  return `${limit} ${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * "must be <= 100" → "at most 100"; "must be > 0" → "more than 0". Amounts in micro-USD are
 * said in dollars, as the forms ask for them.
 */
function bound(message: string, money: boolean): string {
  const match = /must be (<=|>=|<|>) (.+)$/.exec(message);
  if (!match) return message;
  const words = { "<=": "at most", ">=": "at least", "<": "less than", ">": "more than" } as const;
  const limit = match[2] ?? "";
  const said =
    money && /^\d+$/.test(limit) ? formatMicrousd(Number(limit)) : formatNumberText(limit);
  return `${words[match[1] as keyof typeof words]} ${said}`;
}

function formatNumberText(limit: string): string {
  return /^-?\d+(\.\d+)?$/.test(limit) ? formatNumber(Number(limit), 6) : limit;
}

const formatWords: Record<string, string> = {
  email: "not a valid email address",
  uri: "not a valid web address (such as https://example.com)",
  url: "not a valid web address (such as https://example.com)",
  hostname: "not a valid domain name (such as example.com)",
  date: "not a valid date (YYYY-MM-DD)",
  "date-time": "not a valid date and time",
  uuid: "not a valid identifier",
  ipv4: "not a valid IP address",
  ipv6: "not a valid IP address",
};

const typeWords: Record<string, string> = {
  number: "must be a number",
  integer: "must be a whole number",
  string: "must be text",
  boolean: "must be yes or no",
  array: "must be a list",
  object: "must be a group of fields",
  null: "must be empty",
};
