import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerReportsCatalog(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent.command("catalog").description("list the report types, their sections and formats"),
    ),
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const catalog = await (await ctx.client()).reports.catalog(workspace);
    if (options.json) return ctx.json(catalog);
    ctx.out(
      table(
        ["type", "title", "sections (csv default first)", "formats"],
        catalog.data.map((e) => [
          e.type,
          e.title,
          [
            e.defaultSection,
            ...e.sections.map((s) => s.id).filter((id) => id !== e.defaultSection),
          ].join(", "),
          e.formats.join(", "),
        ]),
      ),
    );
  });
}
