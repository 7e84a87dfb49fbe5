import type { GeoPulse } from "@geopulse/sdk";
import type { Command } from "commander";
import type { Context } from "./context.js";
import { type Cell, table } from "./format.js";
import {
  collect,
  pageSizeFor,
  type ReadOptions,
  withJson,
  withLimit,
  withWorkspace,
} from "./options.js";

/** How a list command looks: its command line, where its items come from and how they print. */
export interface ListCommand<T, O extends ReadOptions> {
  name?: string;
  aliases?: string[];
  description: string;
  /** What the items are called in `--limit` help: "show at most n <what>". */
  what: string;
  /** Adds the command's own arguments and options (before --json, --workspace and --limit). */
  configure?: (command: Command) => Command;
  /** Whether the command takes --workspace (default true). */
  workspace?: boolean;
  /** The lazily paginated items; `pageSize` is what to ask the API for per page. */
  items: (call: {
    gp: GeoPulse;
    workspace: string;
    pageSize: number;
    args: string[];
    options: O;
  }) => AsyncIterable<T>;
  /** Shown on stderr when there is nothing. */
  empty: string;
  columns: string[];
  row: (item: T) => Cell[];
  /** A note under the table when an item is marked, e.g. "* simulated engine". */
  legend?: { when: (item: T) => boolean; text: string };
  /**
   * Runs first with the positional arguments; when it returns true the list is
   * not shown (e.g. `prompts generations <id>` shows one generation instead).
   */
  instead?: (call: {
    gp: GeoPulse;
    workspace: string;
    args: string[];
    options: O;
  }) => Promise<boolean>;
}

/**
 * Registers a list command: `--json`, `--workspace` and `--limit`; pages through the
 * list up to the limit and prints it as a table or JSON.
 */
export function registerList<T, O extends ReadOptions = ReadOptions>(
  parent: Command,
  ctx: Context,
  spec: ListCommand<T, O>,
): void {
  let command = parent.command(spec.name ?? "list");
  for (const alias of spec.aliases ?? ["ls"]) command = command.alias(alias);
  command = withJson((spec.configure ?? ((c) => c))(command.description(spec.description)));
  if (spec.workspace !== false) command = withWorkspace(command);
  withLimit(command, spec.what).action(async (...received: unknown[]) => {
    const args = received.slice(0, -2) as string[];
    await showList(ctx, spec, args, received.at(-2) as O);
  });
}

/**
 * Pages through a list command's items up to `--limit` and prints them as a
 * table or JSON (what `registerList`'s commands run; for a command that shows
 * a list as one of its views).
 */
export async function showList<T, O extends ReadOptions>(
  ctx: Context,
  spec: ListCommand<T, O>,
  args: string[],
  options: O,
): Promise<void> {
  const workspace = spec.workspace === false ? "" : await ctx.workspace(options.workspace);
  const gp = await ctx.client();
  if (spec.instead && (await spec.instead({ gp, workspace, args, options }))) return;
  const pageSize = pageSizeFor(options.limit);
  const items = await collect(
    spec.items({ gp, workspace, pageSize, args, options }),
    options.limit,
  );
  if (options.json) ctx.json(items);
  else if (items.length === 0) ctx.info(spec.empty);
  else {
    ctx.out(table(spec.columns, items.map(spec.row)));
    if (spec.legend && items.some(spec.legend.when)) ctx.info(spec.legend.text);
  }
}
