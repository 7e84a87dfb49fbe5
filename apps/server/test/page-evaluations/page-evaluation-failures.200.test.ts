import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/ids.js";
import { evaluateWorkspacePages } from "../../src/services/page-evaluations/evaluate-workspace-pages.js";
import { html, redirect, startTestSite, type TestSite, text } from "../fakes/test-site.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { evaluate, fetchEnv } from "./page-fixtures.js";

// A page fetch that fails fails the evaluation, with the reason and a message a user reads.
let site: TestSite;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  site = await startTestSite({
    "/": html("<html><body><p>Fine.</p></body></html>"),
    "/huge": (_req, res) => {
      // Announced: the fetch stops at the header (streamed bodies are covered in test/web).
      res.writeHead(200, {
        "content-type": "text/html",
        "content-length": String(6 * 1024 * 1024),
      });
      const chunk = Buffer.alloc(1024 * 1024, "a");
      for (let i = 0; i < 6; i++) res.write(chunk);
      res.end();
    },
    // Never finishes (site.close() drops the connection): only the fetch deadline ends it.
    "/never": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html><body>");
    },
    "/missing": html("<html><body>Not here</body></html>", {}, 404),
    "/image": (_req, res) => void res.writeHead(200, { "content-type": "image/png" }).end("png"),
    "/to-private": redirect("http://10.0.0.1/admin"),
    "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
    "/loop": redirect("/loop"),
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
  });
  // The default fetch deadline (15 s) is far above what any page here needs, however loaded the
  // machine: only the server below, whose page never arrives, meets its deadline.
  t = await startTestServer({ env: fetchEnv([80, 443, site.port]) });
  cookie = await t.signIn("pages-failures@example.com");
  slug = await t.createWorkspace(cookie, { brand: "failures" });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const failureOf = async (url: string) => {
  const done = await evaluate(t, { cookie }, slug, url);
  expect(done.status).toBe("failed");
  expect(done.checks).toEqual([]);
  expect(done.scores).toBeNull();
  expect(done.finishedAt).not.toBeNull();
  return done;
};

describe("page evaluations that fail", () => {
  it("a page over 5 MB: too_large", async () => {
    const done = await failureOf(site.url("/huge"));
    expect(done.failure).toEqual({ reason: "too_large", message: expect.stringContaining("MB") });
  });

  it("a page answering 404: http_error; another content type: not_html", async () => {
    expect((await failureOf(site.url("/missing"))).failure).toEqual({
      reason: "http_error",
      message: "The server answered HTTP 404.",
    });
    expect((await failureOf(site.url("/image"))).failure.reason).toBe("not_html");
  });

  it("a redirect loop: too_many_redirects", async () => {
    expect((await failureOf(site.url("/loop"))).failure.reason).toBe("too_many_redirects");
  });

  it("a private-range literal is refused: blocked_address", async () => {
    const done = await failureOf("http://10.0.0.1/");
    expect(done.failure.reason).toBe("blocked_address");
    expect(done.failure.message).toMatch(/private/i);
  });

  // Every refused range as a literal through the API (the range rules themselves, and the
  // names that resolve into them, are covered in test/web/address-policy and safe-fetch).
  it.each([
    ["10.1.2.3", /private/i],
    ["172.16.0.1", /private/i],
    ["192.168.1.1", /private/i],
    ["169.254.1.1", /link-local/i],
    ["100.64.0.1", /carrier-grade|shared/i],
    ["224.0.0.1", /multicast/i],
    ["0.0.0.0", /unspecified/i],
    ["[fc00::1]", /unique-local/i],
    ["[fe80::1]", /link-local/i],
    ["[::ffff:10.0.0.1]", /private/i],
    ["169.254.169.254", /metadata/i],
  ])("http://%s/ is refused as blocked_address", async (host, range) => {
    const done = await failureOf(`http://${host}/`);
    expect(done.failure.reason).toBe("blocked_address");
    expect(done.failure.message).toMatch(range);
  });

  it("a redirect into a private range or the metadata address is refused at that hop", async () => {
    const intoPrivate = await failureOf(site.url("/to-private"));
    expect(intoPrivate).toMatchObject({
      failure: { reason: "blocked_address" },
      finalUrl: "http://10.0.0.1/admin",
    });
    const intoMetadata = await failureOf(site.url("/to-metadata"));
    expect(intoMetadata.failure.reason).toBe("blocked_address");
  });

  it("the same site still evaluates: failures are per page", async () => {
    const done = await evaluate(t, { cookie }, slug, site.url("/"));
    expect(done.status).toBe("succeeded");
  });
});

describe("a page that never arrives, with a 1-second fetch deadline", () => {
  let short: TestServer;
  let shortCookie: string;
  let shortSlug: string;
  beforeAll(async () => {
    short = await startTestServer({
      env: fetchEnv([site.port], { GEO_PAGE_FETCH_TIMEOUT_MS: "1000" }),
    });
    shortCookie = await short.signIn("pages-deadline@example.com");
    shortSlug = await short.createWorkspace(shortCookie, { brand: "deadline" });
  });
  afterAll(() => short.close());

  it("fails with timeout", async () => {
    const done = await evaluate(short, { cookie: shortCookie }, shortSlug, site.url("/never"));
    expect(done).toMatchObject({ status: "failed", checks: [], scores: null });
    expect(done.failure).toEqual({
      reason: "timeout",
      message: "The page did not arrive within 1 second.",
    });
  });
});

describe("the job resumes what a dead worker left", () => {
  it("evaluates one left running again, and gives up one interrupted three times", async () => {
    const prisma = t.server.ctx.prisma;
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const row = (attempts: number) => ({
      id: newId("pev", t.clock),
      workspaceId: workspace.id,
      url: site.url("/"),
      host: "127.0.0.1",
      status: "running",
      checks: [],
      requestedByType: "user",
      requestedById: "usr_test",
      attempts,
      createdAt: t.clock.now(),
      startedAt: t.clock.now(),
    });
    const resumed = await prisma.pageEvaluation.create({ data: row(1) });
    const given = await prisma.pageEvaluation.create({ data: row(3) });
    await evaluateWorkspacePages({ ctx: t.server.ctx, workspaceId: workspace.id });
    expect(
      await prisma.pageEvaluation.findUniqueOrThrow({ where: { id: resumed.id } }),
    ).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(
      await prisma.pageEvaluation.findUniqueOrThrow({ where: { id: given.id } }),
    ).toMatchObject({
      status: "failed",
      failureReason: "interrupted",
      attempts: 3,
    });
  });
});

describe("page evaluations where loopback is not allowed (as in hosted mode)", () => {
  let closed: TestServer;
  let ownerCookie: string;
  let closedSlug: string;
  beforeAll(async () => {
    closed = await startTestServer({
      env: { ...fetchEnv([site.port]), GEO_FETCH_ALLOW_LOOPBACK: "false" },
    });
    ownerCookie = await closed.signIn("pages-closed@example.com");
    closedSlug = await closed.createWorkspace(ownerCookie, { brand: "closed" });
  });
  afterAll(() => closed.close());

  it("refuses a loopback literal and a name that resolves to loopback", async () => {
    const before = site.seen.length;
    for (const url of [site.url("/"), `http://localhost:${site.port}/`]) {
      const done = await evaluate(closed, { cookie: ownerCookie }, closedSlug, url);
      expect(done).toMatchObject({ status: "failed", failure: { reason: "blocked_address" } });
      expect(done.failure.message).toMatch(/loopback/i);
    }
    // Nothing reached the site.
    expect(site.seen.length).toBe(before);
  });

  it("names the refused range, never the address a name resolved to", async () => {
    const done = await evaluate(
      closed,
      { cookie: ownerCookie },
      closedSlug,
      `http://localhost:${site.port}/`,
    );
    expect(done.failure).toEqual({
      reason: "blocked_address",
      message: "localhost points to a loopback address (this machine), which is never fetched.",
    });
    expect(JSON.stringify(done)).not.toMatch(/127\.0\.0\.1|::1\b/);
  });
});
