import type { Command } from "commander";
import type { Context } from "../context.js";
import { table, usd, when } from "../format.js";
import { integerFrom1To, type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerCreditsUsage(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("usage")
        .description("show the credit ledger, newest first, and its metered operations")
        .option(
          "--limit <n>",
          "ledger entries to show, 1 to 500 (default 100)",
          integerFrom1To(500),
        ),
    ),
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const usage = await (await ctx.client()).credits.usage(workspace, {
      ...(options.limit ? { limit: options.limit } : {}),
    });
    if (options.json) return ctx.json(usage);
    if (usage.entries.length === 0) return ctx.info("No credit entries.");
    const sections = [
      table(
        ["when", "kind", "amount", "posted", "held", "operation"],
        usage.entries.map((e) => [
          when(e.createdAt),
          e.kind,
          usd(e.amountMicrousd),
          usd(e.postedDeltaMicrousd),
          usd(e.heldDeltaMicrousd),
          e.operation,
        ]),
      ),
    ];
    if (usage.operations.length > 0) {
      sections.push(
        table(
          ["reservation", "operation", "status", "estimate", "spent", "held", "created"],
          usage.operations.map((o) => [
            o.reservationId,
            o.operation,
            o.status,
            usd(o.estimateMicrousd),
            usd(o.spentMicrousd),
            usd(o.heldMicrousd),
            when(o.createdAt),
          ]),
        ),
      );
    }
    ctx.out(sections.join("\n\n"));
  });
}
