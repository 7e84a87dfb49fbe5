import { Command } from "commander";
import { registerAnswers } from "./commands/answers.js";
import { registerAsk } from "./commands/ask.js";
import { registerChat } from "./commands/chat.js";
import { registerChatThreadsDelete } from "./commands/chat-threads-delete.js";
import { registerChatThreadsGet } from "./commands/chat-threads-get.js";
import { registerChatThreadsList } from "./commands/chat-threads-list.js";
import { registerChatThreadsRename } from "./commands/chat-threads-rename.js";
import { registerConfirmations } from "./commands/confirmations.js";
import { registerConnectionsConfigure } from "./commands/connections-configure.js";
import { registerConnectionsDisconnect } from "./commands/connections-disconnect.js";
import { registerConnectionsList } from "./commands/connections-list.js";
import { registerConnectionsTest } from "./commands/connections-test.js";
import { registerCreditsBalance } from "./commands/credits-balance.js";
import { registerCreditsUsage } from "./commands/credits-usage.js";
import { registerLogin } from "./commands/login.js";
import { registerLogout } from "./commands/logout.js";
import { registerMembersList } from "./commands/members-list.js";
import { registerMetrics } from "./commands/metrics.js";
import { registerModelsList } from "./commands/models-list.js";
import { registerPagesEvaluate } from "./commands/pages-evaluate.js";
import { registerPagesGet } from "./commands/pages-get.js";
import { registerPagesList } from "./commands/pages-list.js";
import { registerPlan } from "./commands/plan.js";
import { registerPromptsGenerate } from "./commands/prompts-generate.js";
import { registerPromptsGenerations } from "./commands/prompts-generations.js";
import { registerPromptsImport } from "./commands/prompts-import.js";
import { registerPromptsList } from "./commands/prompts-list.js";
import { registerPromptsVisibility } from "./commands/prompts-visibility.js";
import { registerRecsAccept } from "./commands/recs-accept.js";
import { registerRecsDerive } from "./commands/recs-derive.js";
import { registerRecsDismiss } from "./commands/recs-dismiss.js";
import { registerRecsDone } from "./commands/recs-done.js";
import { registerRecsList } from "./commands/recs-list.js";
import { registerRecsReview } from "./commands/recs-review.js";
import { registerRecsShow } from "./commands/recs-show.js";
import { registerRecsStart } from "./commands/recs-start.js";
import { registerReportsCatalog } from "./commands/reports-catalog.js";
import { registerReportsGet } from "./commands/reports-get.js";
import { registerReportsList } from "./commands/reports-list.js";
import { registerResearchGet } from "./commands/research-get.js";
import { registerResearchList } from "./commands/research-list.js";
import { registerResearchStart } from "./commands/research-start.js";
import { registerRunsCancel } from "./commands/runs-cancel.js";
import { registerRunsEstimate } from "./commands/runs-estimate.js";
import { registerRunsGet } from "./commands/runs-get.js";
import { registerRunsList } from "./commands/runs-list.js";
import { registerRunsResponses } from "./commands/runs-responses.js";
import { registerRunsStart } from "./commands/runs-start.js";
import { registerScheduleDelete } from "./commands/schedule-delete.js";
import { registerScheduleGet } from "./commands/schedule-get.js";
import { registerScheduleSet } from "./commands/schedule-set.js";
import { registerScoreboard } from "./commands/scoreboard.js";
import { registerSeoCorrelation } from "./commands/seo-correlation.js";
import { registerSeoLandingPages } from "./commands/seo-landing-pages.js";
import { registerSeoQueries } from "./commands/seo-queries.js";
import { registerSeoRefresh } from "./commands/seo-refresh.js";
import { registerSeoRefreshesGet } from "./commands/seo-refreshes-get.js";
import { registerSeoSuggest } from "./commands/seo-suggest.js";
import { registerSeoTraffic } from "./commands/seo-traffic.js";
import { registerSourcesList } from "./commands/sources-list.js";
import { registerSourcesShow } from "./commands/sources-show.js";
import { registerSuggestionsAccept } from "./commands/suggestions-accept.js";
import { registerSuggestionsDismiss } from "./commands/suggestions-dismiss.js";
import { registerSuggestionsList } from "./commands/suggestions-list.js";
import { registerSurfaceGap } from "./commands/surface-gap.js";
import { registerTimeseries } from "./commands/timeseries.js";
import { registerWhoami } from "./commands/whoami.js";
import { registerWindow } from "./commands/window.js";
import { registerWorkspaceGet } from "./commands/workspace-get.js";
import { registerWorkspacesList } from "./commands/workspaces-list.js";
import { Context, type GlobalOptions, type Io } from "./context.js";
import { exitCodeFor, exitCodeHelp, formatError } from "./errors.js";
import { printable } from "./format.js";
import { cliVersion } from "./version.js";

const environmentHelp = `Environment:
  GEOPULSE_BASE_URL    API address (like --base-url)
  GEOPULSE_API_KEY     API key to use instead of the stored one (like --api-key)
  GEOPULSE_CONFIG_DIR  where config.json and credentials live
                       (default: $XDG_CONFIG_HOME/geopulse, else ~/.config/geopulse)
  CI                   when set, login never opens a browser`;

/** The command tree; settings and output go through `ctx`. */
export function buildProgram(ctx: Context): Command {
  const { io } = ctx;
  const program = new Command("geopulse")
    .description("GEO Pulse on the command line: how visible your brand is in AI answer engines.")
    .version(cliVersion, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .option(
      "--base-url <url>",
      "API address (env GEOPULSE_BASE_URL; default: the stored one, else http://localhost:8080)",
    )
    .option("--api-key <key>", "API key (env GEOPULSE_API_KEY; default: the stored key)")
    .configureOutput({
      writeOut: (text) => io.stdout.write(printable(text)),
      writeErr: (text) => io.stderr.write(printable(text)),
      getOutHelpWidth: () => 100,
      getErrHelpWidth: () => 100,
    })
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", `\n${exitCodeHelp}\n\n${environmentHelp}\n`)
    .hook("preAction", (_program, action) => {
      ctx.globals = action.optsWithGlobals<GlobalOptions>();
    });

  registerLogin(program, ctx);
  registerLogout(program, ctx);
  registerWhoami(program, ctx);

  const workspace = program
    .command("workspace")
    .alias("workspaces")
    .description("list and show workspaces");
  registerWorkspacesList(workspace, ctx);
  registerWorkspaceGet(workspace, ctx);

  registerMetrics(program, ctx);
  registerScoreboard(program, ctx);
  registerSurfaceGap(program, ctx);
  registerPlan(program, ctx);
  registerConfirmations(program, ctx);
  registerWindow(program, ctx);
  registerAnswers(program, ctx);
  registerTimeseries(program, ctx);
  const sources = program.command("sources").description("the sources the engines cite");
  registerSourcesList(sources, ctx);
  registerSourcesShow(sources, ctx);

  const models = program
    .command("models")
    .description("the model catalog: ids the model settings accept, and their prices");
  registerModelsList(models, ctx);

  const credits = program.command("credits").description("credit balance and usage");
  registerCreditsBalance(credits, ctx);
  registerCreditsUsage(credits, ctx);

  const reports = program
    .command("reports")
    .alias("report")
    .description("generated reports: list, show, download (JSON, CSV, HTML, PDF), catalog");
  registerReportsList(reports, ctx);
  registerReportsGet(reports, ctx);
  registerReportsCatalog(reports, ctx);

  const runs = program.command("runs").alias("run").description("measurement runs");
  registerRunsList(runs, ctx);
  registerRunsEstimate(runs, ctx);
  registerRunsStart(runs, ctx);
  registerRunsGet(runs, ctx);
  registerRunsCancel(runs, ctx);
  registerRunsResponses(runs, ctx);

  const schedule = program.command("schedule").description("the daily run schedule");
  registerScheduleGet(schedule, ctx);
  registerScheduleSet(schedule, ctx);
  registerScheduleDelete(schedule, ctx);

  const connections = program
    .command("connections")
    .alias("connection")
    .description("Google Search Console and GA4 connections");
  registerConnectionsList(connections, ctx);
  registerConnectionsConfigure(connections, ctx);
  registerConnectionsTest(connections, ctx);
  registerConnectionsDisconnect(connections, ctx);

  const prompts = program.command("prompts").alias("prompt").description("the prompts measured");
  registerPromptsList(prompts, ctx);
  registerPromptsVisibility(prompts, ctx);
  registerPromptsImport(prompts, ctx);
  registerPromptsGenerate(prompts, ctx);
  registerPromptsGenerations(prompts, ctx);

  const research = program
    .command("research")
    .description("research the questions people ask and the sources cited");
  registerResearchStart(research, ctx);
  registerResearchGet(research, ctx);
  registerResearchList(research, ctx);

  const seo = program
    .command("seo")
    .description("SEO processing: Search Console and GA4 data, AI referral traffic");
  registerSeoRefresh(seo, ctx);
  registerSeoTraffic(seo, ctx);
  registerSeoLandingPages(seo, ctx);
  registerSeoQueries(seo, ctx);
  registerSeoSuggest(seo, ctx);
  registerSeoCorrelation(seo, ctx);
  const refreshes = seo.command("refreshes").description("SEO refreshes");
  registerSeoRefreshesGet(refreshes, ctx);

  const suggestions = program
    .command("suggestions")
    .alias("suggestion")
    .description("prompt suggestions from generations and research");
  registerSuggestionsList(suggestions, ctx);
  registerSuggestionsAccept(suggestions, ctx);
  registerSuggestionsDismiss(suggestions, ctx);

  const recs = program
    .command("recs")
    .alias("recommendations")
    .description("recommendations: what to do, with the evidence, and their lifecycle");
  registerRecsList(recs, ctx);
  registerRecsShow(recs, ctx);
  registerRecsAccept(recs, ctx);
  registerRecsStart(recs, ctx);
  registerRecsDone(recs, ctx);
  registerRecsDismiss(recs, ctx);
  registerRecsReview(recs, ctx);
  registerRecsDerive(recs, ctx);

  const pages = program
    .command("pages")
    .alias("page")
    .description("page evaluations: what AI crawlers see on a page, check by check");
  registerPagesEvaluate(pages, ctx);
  registerPagesGet(pages, ctx);
  registerPagesList(pages, ctx);

  const chat = registerChat(program, ctx);
  const threads = chat.command("threads").alias("thread").description("chat threads");
  registerChatThreadsList(threads, ctx);
  registerChatThreadsGet(threads, ctx);
  registerChatThreadsRename(threads, ctx);
  registerChatThreadsDelete(threads, ctx);
  registerAsk(program, ctx);

  const members = program.command("members").alias("member").description("team members");
  registerMembersList(members, ctx);
  return program;
}

/**
 * Runs the CLI in-process: parses `argv` (without node and the script), writes
 * to `io`, and resolves with the exit code (it never calls process.exit).
 */
export async function run(argv: string[], io: Io): Promise<number> {
  const ctx = new Context(io);
  try {
    await buildProgram(ctx).parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    const lines = formatError(error, {
      ...(ctx.baseUrl ? { baseUrl: ctx.baseUrl } : {}),
      debug: Boolean(io.env.GEOPULSE_DEBUG),
    });
    for (const line of lines) ctx.info(line);
    return exitCodeFor(error);
  }
}
