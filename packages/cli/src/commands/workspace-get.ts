import type { Command } from "commander";
import type { Context } from "../context.js";
import { keyValues, percent, when } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerWorkspaceGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("get")
        .alias("view")
        .argument("[slug]", "workspace slug (default: --workspace, else the key's workspace)")
        .description("show a workspace and its settings"),
    ),
  ).action(async (slug: string | undefined, options: ReadOptions) => {
    const workspace = await ctx.workspace(slug ?? options.workspace);
    const gp = await ctx.client();
    const w = await gp.workspaces.get(workspace);
    if (options.json) return ctx.json(w);
    const quotas = Object.entries(w.quotas)
      .filter(([, share]) => share > 0)
      .map(([kind, share]) => `${kind} ${percent(share)}`);
    ctx.out(
      keyValues([
        ["Slug", w.slug],
        ["Name", w.displayName],
        ["Brand", w.brand],
        ["Domains", w.domains.join(", ")],
        ["Languages", w.languages.join(", ")],
        ["Regions", w.regions.join(", ") || "-"],
        ["Competitors", w.competitors.map((c) => c.name).join(", ") || "-"],
        ["Active set", w.activeSetSize],
        ["Quotas", quotas.join(", ")],
        ["Compliance", w.complianceProfile],
        ["GSC property", w.gscProperty],
        ["GA4 property", w.ga4Property],
        ["Your role", w.role ?? "none (API key)"],
        ["Created", when(w.createdAt)],
        ["Updated", when(w.updatedAt)],
      ]),
    );
  });
}
