import type { Command } from "commander";
import type { Context } from "../context.js";
import { when } from "../format.js";
import { registerList } from "../list-command.js";

export function registerWorkspacesList(parent: Command, ctx: Context): void {
  registerList(parent, ctx, {
    description: "list the workspaces the key can see",
    what: "workspaces",
    workspace: false,
    items: ({ gp, pageSize }) => gp.workspaces.list({ limit: pageSize }),
    empty: "No workspaces.",
    columns: ["slug", "name", "brand", "role", "created"],
    row: (w) => [w.slug, w.displayName, w.brand, w.role, when(w.createdAt)],
  });
}
