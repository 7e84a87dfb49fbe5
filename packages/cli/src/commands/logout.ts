import type { Command } from "commander";
import { credentialsFile } from "../config.js";
import type { Context } from "../context.js";

export function registerLogout(program: Command, ctx: Context): void {
  program
    .command("logout")
    .description("delete the stored API key (it stays valid on the server until revoked)")
    .action(async () => {
      const { workspace, keyId } = await ctx.store.read();
      const removed = await ctx.store.clearApiKey();
      if (!removed) {
        ctx.info(`No stored API key (looked in ${credentialsFile(ctx.store.dir)}).`);
      } else {
        ctx.info(`Deleted the stored API key${keyId ? ` ${keyId}` : ""}.`);
        // The contract has no route for a key to revoke itself; revoking needs a signed-in person.
        ctx.info(
          `The key itself is still valid: revoke it in the settings of workspace ${workspace ?? "?"}` +
            " (API keys) if it may have leaked.",
        );
      }
      if (ctx.io.env.GEOPULSE_API_KEY) {
        ctx.info("Note: GEOPULSE_API_KEY is set, so commands still use that key.");
      }
    });
}
