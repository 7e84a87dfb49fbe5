import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import type { RequestBody } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { CliError, ExitCode } from "../errors.js";
import { withJson, withWorkspace } from "../options.js";

type ImportBody = RequestBody<"importPrompts">;

/** A JSON file holds `{"prompts": [...]}` or the array itself. */
function jsonBody(text: string, file: string): ImportBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`, ExitCode.usage);
  }
  if (Array.isArray(parsed)) return { prompts: parsed } as ImportBody;
  if (parsed && typeof parsed === "object" && Array.isArray((parsed as ImportBody).prompts)) {
    return parsed as ImportBody;
  }
  throw new CliError(
    `${file} must hold an array of prompts or {"prompts": [...]}.`,
    ExitCode.usage,
  );
}

export function registerPromptsImport(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("import")
        .argument(
          "<file>",
          "a .csv (header text,category,language,region,tags,active) or .json file",
        )
        .description("import prompts in bulk (all or nothing; repeats are skipped)"),
    ),
  ).action(async (file: string, options: { json?: boolean; workspace?: string }) => {
    const kind = extname(file).toLowerCase();
    if (kind !== ".csv" && kind !== ".json") {
      throw new CliError(`expected a .csv or .json file, got ${file}.`, ExitCode.usage);
    }
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${(error as Error).message}`, ExitCode.usage);
    }
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const result =
      kind === ".json"
        ? await gp.prompts.import(workspace, jsonBody(text, file))
        : await gp.prompts.importCsv(workspace, text);
    ctx.info(
      `Imported ${result.created} prompt(s): ${result.skipped} repeated skipped, ${result.deactivated} stored inactive (active set full).`,
    );
    if (options.json) ctx.json(result);
  });
}
