import type { Command } from "commander";
import type { Context } from "../context.js";
import { table, usd } from "../format.js";
import { type ReadOptions, withJson } from "../options.js";

/** Per million tokens, or per search / grounded request / request, as the catalog prices it. */
function priceOf(p: {
  inputPerMillion: number;
  outputPerMillion: number;
  perSearch: number;
  perGroundedRequest: number;
  perRequest: number;
}): string {
  const parts: string[] = [];
  if (p.inputPerMillion || p.outputPerMillion)
    parts.push(`${usd(p.inputPerMillion)}/${usd(p.outputPerMillion)} per M in/out`);
  if (p.perSearch) parts.push(`${usd(p.perSearch)}/search`);
  if (p.perGroundedRequest) parts.push(`${usd(p.perGroundedRequest)}/grounded`);
  if (p.perRequest) parts.push(`${usd(p.perRequest)}/request`);
  return parts.join(", ");
}

export function registerModelsList(parent: Command, ctx: Context): void {
  withJson(
    parent
      .command("list")
      .alias("ls")
      .description("the models the server may call, with their uses and list prices"),
  ).action(async (options: ReadOptions) => {
    const { data } = await (await ctx.client()).models.list();
    if (options.json) return ctx.json(data);
    ctx.out(
      table(
        ["provider", "model", "uses", "default for", "status", "price"],
        data.map((m) => [
          m.provider,
          m.id,
          m.uses.join(","),
          m.defaultFor.join(","),
          m.status,
          priceOf(m.prices),
        ]),
      ),
    );
  });
}
