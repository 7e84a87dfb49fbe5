import type { Command } from "commander";
import type { Context } from "../context.js";
import { keyValues, usd, when } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerCreditsBalance(parent: Command, ctx: Context): void {
  withWorkspace(withJson(parent.command("balance").description("show the credit balance"))).action(
    async (options: ReadOptions) => {
      const workspace = await ctx.workspace(options.workspace);
      const b = await (await ctx.client()).credits.balance(workspace);
      if (options.json) return ctx.json(b);
      ctx.out(
        keyValues([
          ["Workspace", b.workspace],
          ["State", b.state],
          ["Available", usd(b.availableMicrousd)],
          ["Posted", usd(b.postedMicrousd)],
          ["Held", usd(b.heldMicrousd)],
          ["Next expiry", when(b.nextExpiryAt)],
        ]),
      );
    },
  );
}
