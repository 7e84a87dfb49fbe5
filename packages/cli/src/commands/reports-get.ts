import { writeFile } from "node:fs/promises";
import type { Report, ReportFormat } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { CliError, ExitCode } from "../errors.js";
import { keyValues, when } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

interface GetOptions extends ReadOptions {
  format?: ReportFormat;
  section?: string;
  output?: string;
}

/** A report as `label  value` lines: what it is, its headline figures and its sections. */
function reportLines(report: Report): string {
  return keyValues([
    ["Report", report.id],
    ["Title", report.title],
    ["Type", report.type],
    ["Period", `${report.period.from} to ${report.period.to}`],
    ["Trigger", report.trigger],
    ["Generated", when(report.generatedAt)],
    ...report.document.summary.map((f): [string, string] => [
      f.label,
      f.detail ? `${f.value} (${f.detail})` : f.value,
    ]),
    ["Sections", report.sections.map((s) => s.id).join(", ")],
  ]);
}

export function registerReportsGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("get")
        .alias("show")
        .argument("<reportId>", "the report, e.g. rpt_01J…")
        .addOption(
          new Option("--format <format>", "download it in this format").choices([
            "json",
            "csv",
            "html",
            "pdf",
          ]),
        )
        .option(
          "--section <id>",
          "CSV: the section whose table to download (default: the main one)",
        )
        .option("-o, --output <file>", "write the file here (binary-safe) instead of stdout")
        .description("show a report, or download it as JSON, CSV, HTML or PDF"),
    ),
  ).action(async (reportId: string, options: GetOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    if (!options.format && !options.output) {
      const report = await gp.reports.get(workspace, reportId, { format: "json" });
      if (options.json) return ctx.json(report);
      return ctx.out(reportLines(report));
    }
    const format = options.format ?? "json";
    if (format === "pdf" && !options.output && ctx.io.stdout.isTTY) {
      throw new CliError(
        "A PDF is not shown on a terminal; write it to a file with -o.",
        ExitCode.usage,
      );
    }
    const file = await gp.reports.download(workspace, reportId, {
      format,
      ...(options.section ? { section: options.section } : {}),
    });
    if (!options.output) {
      if (format === "pdf") ctx.io.stdout.write(file.bytes);
      else if (ctx.io.stdout.isTTY) ctx.write(new TextDecoder().decode(file.bytes));
      // Piped or redirected: the file exactly as the server sent it.
      else ctx.io.stdout.write(new TextDecoder().decode(file.bytes));
      return;
    }
    await writeFile(options.output, file.bytes);
    const written = {
      file: options.output,
      bytes: file.bytes.byteLength,
      contentType: file.contentType,
      filename: file.filename,
    };
    if (options.json) return ctx.json(written);
    ctx.info(`Wrote ${options.output} (${written.bytes} bytes, ${file.contentType}).`);
  });
}
