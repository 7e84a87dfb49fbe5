import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { withJson, withWorkspace } from "../options.js";
import { type SeoRangeOptions, seoRangeQuery, withSeoRange } from "./seo-range-options.js";

interface LandingPagesOptions extends SeoRangeOptions {
  json?: boolean;
  workspace?: string;
  limit?: string;
}

const engines = (list: Array<{ engine: string; count: number }>) =>
  list.map((e) => `${e.engine} ${e.count}`).join(", ") || "-";

export function registerSeoLandingPages(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      withSeoRange(
        parent
          .command("landing-pages")
          .description("Landing pages AI engines send sessions to, and whether answers cite them")
          .option("--limit <n>", "landing pages listed (default 20, at most 100)"),
      ),
    ),
  ).action(async (options: LandingPagesOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const pages = await (await ctx.client()).seo.getLandingPages(workspace, {
      ...seoRangeQuery(options),
      ...(options.limit ? { limit: Number(options.limit) } : {}),
    });
    if (options.json) return ctx.json(pages);
    ctx.out(
      [
        `AI referral landing pages ${pages.from} to ${pages.to} (${pages.answers} answers in the range)`,
        table(
          [
            "landing page",
            "AI sessions",
            "by AI engine",
            "cited by answers",
            "by answer engine",
            "domain cited",
          ],
          pages.pages.map((p) => [
            p.landingPage,
            p.sessions,
            engines(p.sessionsByEngine),
            p.citedAnswers,
            engines(p.citedByEngine),
            p.domainCited ? `yes (${p.domainCitedAnswers})` : "no",
          ]),
        ),
      ].join("\n\n"),
    );
  });
}
