// The year of data the metrics read benchmark measures: answers generated
// in-process by the simulated engine and analysed by the real analyzer
// (the HTTP run path is far too slow for 550,000 answers). Engine responses
// themselves are not stored: the metrics routes never read them.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "../apps/server");
const { createSimulatedEngine } = await import(
  join(serverDir, "dist/engines/simulated/simulated-engine.js")
);
const { loadAnalysisSubject, buildAnalyzer } = await import(
  join(serverDir, "dist/services/analysis/analysis-subject.js")
);
const { buildRollupRows } = await import(join(serverDir, "dist/services/analysis/rollup-rows.js"));
const { lockMetricDay, addRollupRows } = await import(
  join(serverDir, "dist/services/analysis/write-rollups.js")
);
const { ANALYSIS_VERSION } = await import(join(serverDir, "dist/analysis/types.js"));
const { refreshWorkspaceChanges } = await import(
  join(serverDir, "dist/services/metrics/refresh-workspace-changes.js")
);
const { classifyStoredCitations, factRows, mentionRows } = await import(
  join(serverDir, "dist/services/analysis/store-analysis.js")
);
const { insertJsonRowSets } = await import(
  join(serverDir, "dist/services/sql/insert-json-rows.js")
);

/** The categories of the fixture's prompts (one in ten is brand_research besides). */
export const CATEGORIES = ["discovery", "problem_solution", "use_case", "comparison", "expert"];

/**
 * Prompts, one run per day, and the day's rollups from analysed simulated
 * answers, made by the pipeline's own functions (buildRollupRows,
 * lockMetricDay, addRollupRows), one day per transaction. With
 * `storeAnswers`, the answers themselves too (engine responses, citations,
 * mentions: what a re-analysis reads). Returns the number of answers.
 */
export async function fillWorkspace({
  db,
  slug,
  days,
  prompts: PROMPTS,
  engines: ENGINES,
  lastDay: LAST_DAY,
  storeAnswers = false,
}) {
  const prisma = db.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const now = new Date(`${LAST_DAY}T12:00:00.000Z`);
  const prompts = Array.from({ length: PROMPTS }, (_, i) => ({
    id: `prm_${slug}_${String(i).padStart(4, "0")}`,
    workspaceId: workspace.id,
    text: `Which analytics tool is best for team ${i}?`,
    textKey: `which analytics tool is best for team ${i}?`,
    // One prompt in ten is brand research (left out of the headline numbers).
    category: i % 10 === 9 ? "brand_research" : CATEGORIES[i % CATEGORIES.length],
    language: "en",
    region: null,
    tags: [],
    active: true,
    source: "manual",
    createdAt: now,
    updatedAt: now,
  }));
  await prisma.prompt.createMany({ data: prompts });
  const subject = await loadAnalysisSubject(prisma, workspace.id);
  const analyzer = buildAnalyzer(subject);
  const engine = createSimulatedEngine();
  const context = {
    brand: workspace.brand,
    brandDomains: workspace.domains,
    competitors: subject.entities
      .filter((e) => !e.isSelf)
      .map((e) => ({ name: e.name, domains: e.domains, aliases: e.aliases })),
    language: "en",
    region: null,
  };
  let count = 0;
  for (const [d, day] of days.entries()) {
    const runId = `run_${slug}_${day}`;
    await prisma.run.create({
      data: {
        id: runId,
        workspaceId: workspace.id,
        preset: "standard",
        status: "succeeded",
        engines: ENGINES,
        skippedEngines: [],
        repetitions: 1,
        promptCount: PROMPTS,
        totalTasks: PROMPTS * ENGINES.length,
        completedTasks: PROMPTS * ENGINES.length,
        failedTasks: 0,
        estimateMicrousd: 0n,
        costMicrousd: BigInt(PROMPTS * ENGINES.length * 1000),
        triggeredBy: "schedule",
        createdAt: new Date(`${day}T06:00:00.000Z`),
        startedAt: new Date(`${day}T06:00:00.000Z`),
        finishedAt: new Date(`${day}T06:30:00.000Z`),
      },
    });
    const analysed = [];
    const stored = [];
    for (const prompt of prompts) {
      for (const engineId of ENGINES) {
        const answer = await engine.ask({
          prompt: prompt.text,
          model: "sim",
          seed: `${runId}:${prompt.id}:${engineId}`,
          context,
        });
        stored.push({ engineId, prompt, answer });
        analysed.push({
          day,
          engine: engineId,
          promptId: prompt.id,
          category: prompt.category,
          language: prompt.language,
          region: prompt.region,
          analysis: analyzer.analyze({
            answer: answer.answer,
            citations: answer.citations,
            language: "en",
          }),
        });
      }
    }
    count += analysed.length;
    await prisma.$transaction(
      async (tx) => {
        if (storeAnswers) await storeDayAnswers(tx, { workspace, runId, day, stored, analysed });
        await lockMetricDay(tx, { workspaceId: workspace.id, version: ANALYSIS_VERSION, day, now });
        await addRollupRows(tx, {
          workspaceId: workspace.id,
          version: ANALYSIS_VERSION,
          fingerprint: analyzer.fingerprint,
          rows: buildRollupRows(analysed),
        });
      },
      { timeout: 600_000 },
    );
    if ((d + 1) % 30 === 0) console.log(`  ${slug}: ${d + 1}/${days.length} days`);
  }
  // What the metric-changes-refresh job does after runs: store each day's detected changes.
  const started = performance.now();
  const refreshed = await refreshWorkspaceChanges({
    ctx: { prisma, clock: { now: () => now } },
    workspaceId: workspace.id,
  });
  console.log(
    `  ${slug}: detected changes of ${refreshed} days in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return count;
}

/** The engine responses, citations, mentions and facts of a day's answers, as the run recorder stores them. */
async function storeDayAnswers(tx, { workspace, runId, day, stored, analysed }) {
  const at = new Date(`${day}T06:10:00.000Z`);
  // As the API's ids are (a prefix and 26 of 0-9A-Z), so its cursors over them decode: the day,
  // the workspace's slug and the answer's index.
  const slugPart = workspace.slug
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .padEnd(13, "0")
    .slice(0, 13);
  const id = (i) => `rsp_${day.replaceAll("-", "")}${slugPart}${String(i).padStart(5, "0")}`;
  const responses = stored.map(({ engineId, prompt, answer }, i) => ({
    id: id(i),
    runId,
    workspaceId: workspace.id,
    promptId: prompt.id,
    engine: engineId,
    model: "sim",
    repetition: 1,
    status: "succeeded",
    answer: answer.answer,
    searchQueries: [],
    costMicrousd: 1000n,
    attempts: 1,
    simulated: true,
    createdAt: at,
    completedAt: at,
    analysisVersion: ANALYSIS_VERSION,
  }));
  const citations = stored.flatMap(({ answer }, i) => {
    const classes = classifyStoredCitations(
      analysed[i].analysis,
      answer.citations.map((c) => c.url),
    );
    return answer.citations.map((c, position) => ({
      id: `cit_${id(i)}_${position}`,
      responseId: id(i),
      position: position + 1,
      url: c.url,
      title: c.title ?? null,
      domain: classes[position]?.domain ?? null,
      taxonomy: classes[position]?.taxonomy ?? null,
      entityId: classes[position]?.entityId ?? null,
      normalizedUrl: classes[position]?.normalizedUrl ?? null,
    }));
  });
  for (let i = 0; i < responses.length; i += 500)
    await tx.engineResponse.createMany({ data: responses.slice(i, i + 500) });
  for (let i = 0; i < citations.length; i += 1000)
    await tx.citation.createMany({ data: citations.slice(i, i + 1000) });
  await insertJsonRowSets(tx, [
    mentionRows(
      workspace.id,
      analysed.map((a, i) => ({ responseId: id(i), analysis: a.analysis })),
    ),
    factRows(
      workspace.id,
      analysed.map((rollup, i) => ({ responseId: id(i), rollup })),
    ),
  ]);
}
