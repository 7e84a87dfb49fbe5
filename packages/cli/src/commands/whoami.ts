import type { Command } from "commander";
import { credentialsFile } from "../config.js";
import type { Context } from "../context.js";
import { keyValues } from "../format.js";
import { type ReadOptions, withJson } from "../options.js";

export function registerWhoami(program: Command, ctx: Context): void {
  withJson(program.command("whoami").description("show the key in use and its workspace")).action(
    async (options: ReadOptions) => {
      const gp = await ctx.client();
      const me = await gp.me();
      if (options.json) return ctx.json(me);
      const { baseUrl, keySource } = await ctx.settings();
      const source =
        keySource === "stored"
          ? credentialsFile(ctx.store.dir)
          : keySource === "env"
            ? "GEOPULSE_API_KEY"
            : "--api-key";
      ctx.out(
        keyValues([
          ["API", baseUrl],
          ...(me.user ? ([["User", `${me.user.email}`]] as [string, string][]) : []),
          ["Workspace", me.apiKey?.workspace],
          ["Key", me.apiKey ? `${me.apiKey.prefix}…${me.apiKey.last4} (${me.apiKey.keyId})` : null],
          ["Scopes", me.apiKey?.scopes.join(", ")],
          ["From", source],
        ]),
      );
    },
  );
}
