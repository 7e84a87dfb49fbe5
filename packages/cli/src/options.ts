import { type Command, InvalidArgumentError } from "commander";

/** Adds `--json`: the data as JSON on stdout, messages stay on stderr. */
export const withJson = (command: Command): Command =>
  command.option("--json", "print the raw JSON on stdout");

/** Adds `-w, --workspace <slug>`. */
export const withWorkspace = (command: Command): Command =>
  command.option("-w, --workspace <slug>", "workspace slug (default: the one bound to the key)");

/** A parser for an integer option from 1 to `max` (a usage error otherwise). */
export function integerFrom1To(max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new InvalidArgumentError(`expected an integer from 1 to ${max}.`);
    }
    return n;
  };
}

/** Adds `--limit <n>`: at most n items of a paginated list. */
export const withLimit = (command: Command, what: string): Command =>
  command.option(`--limit <n>`, `show at most n ${what}`, integerFrom1To(10_000));

/** Items per request for a list shown up to `limit` items: the API's maximum page is 100. */
export const pageSizeFor = (limit: number | undefined): number => Math.min(limit ?? 100, 100);

/** The first `max` items of a lazily paginated list (all when no max). */
export async function collect<T>(items: AsyncIterable<T>, max?: number): Promise<T[]> {
  const out: T[] = [];
  if (max === 0) return out;
  for await (const item of items) {
    out.push(item);
    if (max !== undefined && out.length >= max) break;
  }
  return out;
}

/** A repeatable, comma-separated option: `--seed a --seed b` or `--language en,es`. */
export function appendList(value: string, previous: string[] | undefined): string[] {
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new InvalidArgumentError("expected a value.");
  return [...(previous ?? []), ...items];
}

/** Like `appendList`, each item one of `choices` (a usage error otherwise). */
export function appendChoices<T extends string>(
  choices: readonly T[],
): (value: string, previous: T[] | undefined) => T[] {
  return (value, previous) => {
    const items = appendList(value, undefined);
    const unknown = items.filter((item) => !choices.includes(item as T));
    if (unknown.length > 0) {
      throw new InvalidArgumentError(
        `unknown ${unknown.join(", ")}; expected one of ${choices.join(", ")}.`,
      );
    }
    return [...(previous ?? []), ...(items as T[])];
  };
}

export interface ReadOptions {
  json?: boolean;
  workspace?: string;
  limit?: number;
}
