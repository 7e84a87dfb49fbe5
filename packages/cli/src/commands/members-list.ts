import type { Command } from "commander";
import type { Context } from "../context.js";
import { when } from "../format.js";
import { registerList } from "../list-command.js";

export function registerMembersList(parent: Command, ctx: Context): void {
  registerList(parent, ctx, {
    description: "list team members",
    what: "members",
    items: ({ gp, workspace, pageSize }) => gp.members.list(workspace, { limit: pageSize }),
    empty: "No members.",
    columns: ["email", "name", "role", "joined"],
    row: (m) => [m.email, m.displayName, m.role, when(m.joinedAt)],
  });
}
