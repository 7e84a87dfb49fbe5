import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeSeoRefresh } from "../../src/services/seo/execute-seo-refresh.js";
import { expectReportedCostCharged, postedOf } from "../credits/metered-charge.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";

/**
 * The refresh with each credential kind, through Google's clients against the wire-format
 * fakes: a workspace connected through the OAuth flow (refresh-token grant) pulls like one
 * with a service-account key (JWT bearer grant), and a refresh of several pages per source
 * makes exactly one token exchange per source (the client is built once per source and
 * keeps its access token).
 */
let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-credentials");
});
afterAll(() => f.close());

/** The token endpoint's grants made while `run` runs, by grant type. */
async function grantsDuring(run: () => Promise<void>): Promise<string[]> {
  const before = f.google.requests.length;
  await run();
  return f.google.requests
    .slice(before)
    .filter((r) => r.path === "/token")
    .map((r) => new URLSearchParams(r.body).get("grant_type") ?? "");
}

async function refreshAndRun(slug: string, cookie: string) {
  const started = await f.refresh({}, slug, { cookie });
  expect(started.status, started.text).toBe(202);
  const refreshId: string = started.body.refreshId;
  const grants = await grantsDuring(() => executeSeoRefresh({ ctx: f.t.server.ctx, refreshId }));
  const done = await f.t.request<any>(
    "GET",
    `/api/v1/workspaces/${slug}/seo/refreshes/${refreshId}`,
    { cookie },
  );
  return { refreshId, grants, done: done.body };
}

const rowsOf = async (slug: string) => {
  const prisma = f.t.server.ctx.prisma;
  const ws = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  return {
    search: await prisma.seoSearchRow.count({ where: { workspaceId: ws.id } }),
    traffic: await prisma.seoTrafficRow.count({ where: { workspaceId: ws.id } }),
  };
};

describe("SEO refresh credentials", () => {
  it("pulls with an OAuth grant: rows stored, the ledger's charge reported", async () => {
    const { slug, cookie } = await f.oauthConnectedWorkspace("seo-oauth");
    const connections = await f.t.request<any>("GET", `/api/v1/workspaces/${slug}/connections`, {
      cookie,
    });
    expect(connections.body.data.map((c: any) => c.credential?.kind)).toEqual(["oauth", "oauth"]);
    const postedBefore = await postedOf(f.t, slug, cookie);
    const { refreshId, grants, done } = await refreshAndRun(slug, cookie);
    expect(done).toMatchObject({
      status: "succeeded",
      skippedSources: [],
      progress: [
        { source: "search_console", pagesFetched: 3, rowsStored: 7, done: true },
        { source: "analytics", pagesFetched: 3, rowsStored: 8, done: true },
      ],
      costMicrousd: 6 * 500,
      error: null,
    });
    expect(await rowsOf(slug)).toEqual({ search: 7, traffic: 8 });
    await expectReportedCostCharged(f.t, slug, cookie, {
      operationId: refreshId,
      reportedMicrousd: done.costMicrousd,
      postedBefore,
    });
    // Six pages, two sources: one refresh-token grant per source.
    expect(grants).toEqual(["refresh_token", "refresh_token"]);
  });

  it("makes one JWT bearer exchange per source with a service-account key", async () => {
    const { grants, done } = await refreshAndRun(f.slug, f.cookie);
    expect(done.status).toBe("succeeded");
    expect(done.progress.map((p: any) => p.pagesFetched)).toEqual([3, 3]);
    expect(grants).toEqual([
      "urn:ietf:params:oauth:grant-type:jwt-bearer",
      "urn:ietf:params:oauth:grant-type:jwt-bearer",
    ]);
  });

  it("fails the source in words when the OAuth grant was revoked at Google", async () => {
    const { slug, cookie } = await f.oauthConnectedWorkspace("seo-oauth-revoked");
    const grants = [...f.google.oauth.refreshTokens.values()];
    const grant = grants[grants.length - 1];
    if (grant) grant.revoked = true;
    const { done } = await refreshAndRun(slug, cookie);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(/^search_console: .*connect with Google again/i);
    expect(done.costMicrousd).toBe(0);
  });
});
