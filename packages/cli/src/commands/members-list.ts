import type { Command } from "commander";
import type { Context } from "../context.js";
import { table, when } from "../format.js";
import {
  collect,
  pageSizeFor,
  type ReadOptions,
  withJson,
  withLimit,
  withWorkspace,
} from "../options.js";

export function registerMembersList(parent: Command, ctx: Context): void {
  withLimit(
    withWorkspace(withJson(parent.command("list").alias("ls").description("list team members"))),
    "members",
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const pageSize = pageSizeFor(options.limit);
    const members = await collect(gp.members.list(workspace, { limit: pageSize }), options.limit);
    if (options.json) return ctx.json(members);
    if (members.length === 0) return ctx.info("No members.");
    ctx.out(
      table(
        ["email", "name", "role", "joined"],
        members.map((m) => [m.email, m.displayName, m.role, when(m.joinedAt)]),
      ),
    );
  });
}
