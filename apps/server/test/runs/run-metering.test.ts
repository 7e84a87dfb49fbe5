import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinModelCatalog } from "../../src/engines/catalog/model-catalog.js";
import { answerCeilingMicrousd } from "../../src/engines/pricing.js";
import { executeRun } from "../../src/services/runs/execute-run.js";
import {
  expectReportedCostCharged,
  postedOf,
  startWithExactBalance,
} from "../credits/metered-charge.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "./run-fixtures.js";

/**
 * A run reports as its cost exactly what the ledger charged its reservation,
 * with spare credit and with exactly the reservation's worth, and stops
 * asking (instead of charging beyond) when the reservation and the balance
 * cannot pay for the next answer. The run is executed here in the test
 * process (workers off), so a prompt can change between start and execution.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
});
afterAll(() => t.close());

/** A workspace with `prompts` active prompts; the first of a user's workspaces gets the free credit. */
async function workspace(user: string, brand: string, prompts = 30) {
  const cookie = await t.signIn(`${user}@example.com`);
  const slug = await t.createWorkspace(cookie, { brand });
  await seedPrompts(t, slug, prompts);
  return { cookie, slug };
}

const startRun =
  (slug: string, cookie: string, preset = "lite") =>
  () =>
    t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, { cookie, body: { preset } });

async function execute(slug: string, cookie: string, runId: string) {
  await executeRun({ ctx: t.server.ctx, runId });
  const run = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}`, { cookie });
  const responses = await t.request<any>(
    "GET",
    `/api/v1/workspaces/${slug}/runs/${runId}/responses?limit=100`,
    { cookie },
  );
  return { run: run.body, responses: responses.body.data as any[] };
}

/**
 * Makes one of the run's prompts so long that its answer's ceiling no longer fits what was
 * reserved for it; returns by how much its ceiling grew.
 */
async function lengthenOnePrompt(slug: string, repeats = 4000, lastOfRun?: string) {
  const prisma = t.server.ctx.prisma;
  // With a run: the prompt of its last planned task, so the answers planned before it are
  // paid for first whatever order the prompts' ids fall in.
  const last = lastOfRun
    ? await prisma.engineResponse.findFirstOrThrow({
        where: { runId: lastOfRun },
        orderBy: { id: "desc" },
      })
    : undefined;
  const prompt = await prisma.prompt.findFirstOrThrow({
    where: { workspace: { slug }, ...(last ? { id: last.promptId } : {}) },
    orderBy: [{ category: "asc" }, { id: "asc" }],
  });
  const text = `${prompt.text} ${"with many details ".repeat(repeats)}`;
  await prisma.prompt.update({ where: { id: prompt.id }, data: { text } });
  return (
    answerCeilingMicrousd(builtinModelCatalog, "simulated", "simulated-1", text) -
    answerCeilingMicrousd(builtinModelCatalog, "simulated", "simulated-1", prompt.text)
  );
}

describe("a run's reported cost", () => {
  it("equals the ledger's charge with spare credit (leases and settlement), within the estimate", async () => {
    const { cookie, slug } = await workspace("spare", "spare");
    const postedBefore = await postedOf(t, slug, cookie);
    const started = await startRun(slug, cookie)();
    expect(started.status).toBe(202);
    const { run, responses } = await execute(slug, cookie, started.body.runId);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 30, failed: 0 } });
    expect(run.costMicrousd).toBeLessThanOrEqual(run.estimateMicrousd);
    expect(responses.reduce((sum, r) => sum + r.costMicrousd, 0)).toBe(run.costMicrousd);
    const { chargedMicrousd } = await expectReportedCostCharged(t, slug, cookie, {
      operationId: run.runId,
      reportedMicrousd: run.costMicrousd,
      postedBefore,
    });
    expect(chargedMicrousd).toBeGreaterThan(0);
    // 30 answers: leased while running (the settlement charges only what was not leased yet).
    const prisma = t.server.ctx.prisma;
    const reservation = await prisma.creditReservation.findFirstOrThrow({
      where: { operationId: run.runId },
    });
    const kinds = await prisma.creditLedgerEntry.findMany({
      where: { reservationId: reservation.id },
      select: { kind: true },
    });
    expect(kinds.map((k) => k.kind)).toContain("lease");
  });

  it("equals the ledger's charge when the balance is exactly the reservation", async () => {
    const { cookie, slug: first } = await workspace("exact", "exact-first", 1);
    expect(first).toBeTruthy();
    const slug = await t.createWorkspace(cookie, { brand: "exact" }); // no second free credit
    await seedPrompts(t, slug, 12); // fewer than a lease: charged by the settlement alone
    const { started, reservedMicrousd } = await startWithExactBalance(
      t,
      slug,
      cookie,
      startRun(slug, cookie),
    );
    expect(started.body.estimateMicrousd).toBe(reservedMicrousd);
    const { run, responses } = await execute(slug, cookie, started.body.runId);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 12, failed: 0 } });
    expect(responses.reduce((sum, r) => sum + r.costMicrousd, 0)).toBe(run.costMicrousd);
    const { chargedMicrousd } = await expectReportedCostCharged(t, slug, cookie, {
      operationId: run.runId,
      reportedMicrousd: run.costMicrousd,
      postedBefore: reservedMicrousd,
    });
    expect(chargedMicrousd).toBeLessThanOrEqual(reservedMicrousd);
  });

  it("stops asking when neither the reservation nor the balance can pay for the next answer", async () => {
    const { cookie } = await workspace("stop", "stop-first", 1);
    const slug = await t.createWorkspace(cookie, { brand: "stop" });
    await seedPrompts(t, slug, 5);
    const { started, reservedMicrousd } = await startWithExactBalance(
      t,
      slug,
      cookie,
      startRun(slug, cookie, "smoke"),
    );
    // Edited after the start: this answer's ceiling now exceeds the whole run's slack.
    expect(await lengthenOnePrompt(slug, 4000, started.body.runId)).toBeGreaterThan(
      BigInt(reservedMicrousd),
    );
    const { run, responses } = await execute(slug, cookie, started.body.runId);
    expect(run.status).toBe("partial");
    expect(run.error).toMatch(/insufficient_credits/);
    const unpaid = responses.filter((r) => r.status === "failed");
    expect(unpaid.length).toBeGreaterThan(0);
    for (const r of unpaid) {
      expect(r.error).toMatch(/^insufficient_credits/);
      expect(r.costMicrousd).toBe(0);
    }
    expect(responses.reduce((sum, r) => sum + r.costMicrousd, 0)).toBe(run.costMicrousd);
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: run.runId,
      reportedMicrousd: run.costMicrousd,
      postedBefore: reservedMicrousd,
    });
  });

  it("extends the hold from spare balance for an answer the reservation no longer covers", async () => {
    const { cookie, slug } = await workspace("extend", "extend");
    const postedBefore = await postedOf(t, slug, cookie);
    const started = await startRun(slug, cookie)();
    expect(started.status).toBe(202);
    // Grown past the whole estimate: whenever its task is asked, the reservation cannot cover
    // it (however many other answers were paid for and refunded before).
    const grown = await lengthenOnePrompt(slug, 24_000);
    expect(grown).toBeGreaterThan(BigInt(started.body.estimateMicrousd));
    const { run } = await execute(slug, cookie, started.body.runId);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 30, failed: 0 } });
    const { heldForItMicrousd } = await expectReportedCostCharged(t, slug, cookie, {
      operationId: run.runId,
      reportedMicrousd: run.costMicrousd,
      postedBefore,
    });
    expect(heldForItMicrousd).toBeGreaterThan(run.estimateMicrousd);
  });
});
