import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/**
 * `geopulse seo …` in-process against the real server and its worker. Google is a small
 * local stand-in (the server's own tests hold the full wire-format fakes): a token endpoint,
 * one page of Search Console rows, and one GA4 row from chatgpt.com.
 */
let api: TestApi;
let google: Server;
let env: Record<string, string>;
const privateKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const keyFile = JSON.stringify({
  type: "service_account",
  project_id: "cli-project",
  private_key_id: "abcdef0123456789abcdef0123456789abcd1234",
  private_key: privateKey,
  client_email: "cli@cli-project.iam.gserviceaccount.com",
});

function startGoogle(): Promise<string> {
  google = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
        res.end(JSON.stringify(body));
      };
      if (req.url === "/token")
        return send(200, { access_token: "ya29.cli", expires_in: 3599, token_type: "Bearer" });
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      if (req.url?.includes("/searchAnalytics/query"))
        return send(
          200,
          body.startRow > 0
            ? {}
            : {
                rows: [
                  {
                    keys: ["2026-11-01", "cli query", "https://cliseo.dev/"],
                    clicks: 3,
                    impressions: 40,
                    ctr: 0.075,
                    position: 4.2,
                  },
                ],
              },
        );
      if (req.url?.includes(":runReport"))
        return send(200, {
          rows: [
            {
              dimensionValues: [{ value: "20261101" }, { value: "chatgpt.com" }, { value: "/" }],
              metricValues: [{ value: "5" }, { value: "1" }],
            },
          ],
          rowCount: 1,
        });
      send(404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    });
  });
  return new Promise((resolve) =>
    google.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(google.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const url = await startGoogle();
  api = await startTestApi("cliseo", {
    GEO_GOOGLE_TOKEN_URL: `${url}/token`,
    GEO_GOOGLE_SEARCHCONSOLE_URL: `${url}/`,
    GEO_GOOGLE_ANALYTICSDATA_URL: `${url}/`,
  });
  const stored = await api.post(`/api/v1/workspaces/${api.slug}/credentials`, {
    connector: "google",
    key: "service-account",
    value: keyFile,
    kind: "google_service_account",
  });
  const configured = await api.post(`/api/v1/workspaces/${api.slug}/connections/configure`, {
    search_console: { credentialId: stored.body.id },
    analytics: { credentialId: stored.body.id },
  });
  expect(configured.status).toBe(200);
  const key = await api.createKey([
    "workspace:read",
    "metrics:read",
    "runs:write",
    "prompts:write",
  ]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await new Promise((resolve) => google?.close(resolve));
  await removeTempDirs();
});

async function cli(...args: string[]) {
  const io = memoryIo(env);
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse seo", () => {
  it("refresh --wait follows the refresh on stderr and prints it as JSON", async () => {
    const result = await cli(
      "seo",
      "refresh",
      "--from",
      "2026-11-01",
      "--to",
      "2026-11-02",
      "--wait",
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    const refresh = JSON.parse(result.stdout);
    expect(refresh).toMatchObject({
      refreshId: expect.stringMatching(/^seo_/),
      status: "succeeded",
      from: "2026-11-01",
      to: "2026-11-02",
      progress: [
        { source: "search_console", pagesFetched: 1, rowsStored: 1, done: true },
        { source: "analytics", pagesFetched: 1, rowsStored: 1, done: true },
      ],
      rowsStored: 2,
      costMicrousd: 1_000,
    });
    expect(result.stderr).toMatch(/^Started SEO refresh seo_\w+ \(2026-11-01 to 2026-11-02/m);
    expect(result.stderr).toMatch(/^succeeded: search_console 1 page\(s\) 1 row\(s\) done/m);
    expect(result.stderr).toMatch(/^SEO refresh seo_\w+ succeeded: 2 row\(s\); cost \$0\.001/m);

    const shown = await cli("seo", "refreshes", "get", refresh.refreshId);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^Refresh\\s+${refresh.refreshId}$`, "m"));
    expect(shown.stdout).toMatch(/^search_console\s+1\s+1\s+yes$/m);
    const json = await cli("seo", "refreshes", "get", refresh.refreshId, "--json");
    expect(JSON.parse(json.stdout)).toEqual(refresh);
  });

  it("traffic shows AI referral sessions per engine, and --json the API's answer", async () => {
    const shown = await cli("seo", "traffic", "--from", "2026-11-01", "--to", "2026-11-02");
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^AI referral sessions 2026-11-01 to 2026-11-02: 5 of 5$/m);
    expect(shown.stdout).toMatch(/^chatgpt\s+5\s+1$/m);
    const json = await cli(
      "seo",
      "traffic",
      "--from",
      "2026-11-01",
      "--to",
      "2026-11-02",
      "--json",
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      aiSessions: 5,
      engines: [{ engine: "chatgpt", sessions: 5, daily: [{ date: "2026-11-01", sessions: 5 }] }],
      topLandingPages: [{ landingPage: "/", sessions: 5 }],
    });
  });

  it("landing-pages, queries and correlation print tables, and --json the API's answers", async () => {
    const range = ["--from", "2026-11-01", "--to", "2026-11-02"];
    const pages = await cli("seo", "landing-pages", ...range);
    expect(pages.code, pages.stderr).toBe(0);
    expect(pages.stdout).toMatch(/^\/\s+5\s+chatgpt 5\s+0\s+-\s+no$/m);
    const pagesJson = JSON.parse((await cli("seo", "landing-pages", ...range, "--json")).stdout);
    expect(pagesJson.pages[0]).toMatchObject({ landingPage: "/", sessions: 5, citedAnswers: 0 });

    const queries = await cli("seo", "queries", ...range, "--uncovered");
    expect(queries.code, queries.stderr).toBe(0);
    expect(queries.stdout).toMatch(/no prompt covers/);
    expect(queries.stdout).toMatch(/^cli query\s+3\s+40\s+7\.5%\s+4\.2\s+-\s+-$/m);
    const queriesJson = JSON.parse((await cli("seo", "queries", ...range, "--json")).stdout);
    expect(queriesJson.data).toEqual([
      { query: "cli query", clicks: 3, impressions: 40, ctr: 0.075, position: 4.2, matches: [] },
    ]);

    const suggested = await cli("seo", "suggest", ...range, "--json");
    expect(suggested.code, suggested.stderr).toBe(0);
    expect(JSON.parse(suggested.stdout)).toMatchObject({
      stored: 1,
      data: [{ text: "cli query", source: "search_console", evidence: { impressions: 40 } }],
    });

    const correlation = await cli("seo", "correlation", ...range);
    expect(correlation.code, correlation.stderr).toBe(0);
    expect(correlation.stdout).toMatch(/basis: modeled\. Spearman: none \(0 days counted/);
    expect(correlation.stdout).toMatch(/^2026-11-01\s+no\s+0\s+-\s+5$/m);
    const correlationJson = JSON.parse(
      (await cli("seo", "correlation", ...range, "--json")).stdout,
    );
    expect(correlationJson).toMatchObject({ basis: "modeled", n: 0, spearman: null });
  });

  it("refresh without --wait prints only the queued refresh on stderr", async () => {
    const started = await cli("seo", "refresh");
    expect(started).toMatchObject({ code: 0, stdout: "" });
    expect(started.stderr).toMatch(/^Started SEO refresh seo_\w+/);
  });
});
