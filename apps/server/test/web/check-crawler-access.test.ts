import { afterEach, describe, expect, it } from "vitest";
import { checkCrawlerAccess } from "../../src/web/check-crawler-access.js";
import type { FetchPolicy } from "../../src/web/safe-fetch.js";
import { html, type Route, startTestSite, type TestSite, text } from "../fakes/test-site.js";

const page = "<html><head><title>Widget</title></head><body><p>A fine widget.</p></body></html>";
const sites: TestSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

async function check(routes: Record<string, Route>, differentialToken?: string) {
  const site = await startTestSite(routes);
  sites.push(site);
  const policy: FetchPolicy = { allowLoopback: true, allowedPorts: [site.port] };
  const access = await checkCrawlerAccess({ url: site.url("/widget"), policy, differentialToken });
  const robots = Object.fromEntries(access.robots.verdicts.map((v) => [v.token, v]));
  const directives = Object.fromEntries(access.directives.perCrawler.map((d) => [d.token, d]));
  return { site, access, robots, directives };
}

describe("crawler access against local sites", () => {
  it("fetches the page as a browser and as a crawler, and robots.txt once", async () => {
    const { site, access, robots } = await check({
      "/widget": html(page),
      "/robots.txt": text("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"),
    });
    expect(site.seen.map((s) => s.path).sort()).toEqual(["/robots.txt", "/widget", "/widget"]);
    const agents = site.seen.filter((s) => s.path === "/widget").map((s) => s.userAgent);
    expect(agents.some((ua) => ua.includes("Chrome/"))).toBe(true);
    expect(agents.some((ua) => ua.includes("GPTBot/1.1"))).toBe(true);
    expect(access.robots.file.state).toBe("found");
    expect(robots.GPTBot).toMatchObject({
      allowed: false,
      line: { number: 2, text: "Disallow: /" },
    });
    expect(robots.ClaudeBot).toMatchObject({ allowed: true, group: "*" });
    expect(access.differential).toMatchObject({ token: "GPTBot", outcome: "same" });
    expect(access.page.ok).toBe(true);
  });

  it("reads a missing robots.txt as allowing every crawler", async () => {
    const { access, robots } = await check({ "/widget": html(page) });
    expect(access.robots.file).toMatchObject({ state: "missing", status: 404 });
    expect(Object.values(robots).every((v) => v.allowed && v.why === "no_robots_txt")).toBe(true);
  });

  it("reads a failing robots.txt as disallowing every crawler", async () => {
    const { access, robots } = await check({
      "/widget": html(page),
      "/robots.txt": (_req, res) => void res.writeHead(503).end("busy"),
    });
    expect(access.robots.file.state).toBe("unreachable");
    expect(robots.Googlebot).toMatchObject({ allowed: false, why: "robots_txt_unreachable" });
  });

  it("detects a site that refuses the crawler the browser gets", async () => {
    const { access } = await check(
      {
        "/widget": (req, res) => {
          if (/ClaudeBot/.test(req.headers["user-agent"] ?? ""))
            res.writeHead(403, { "content-type": "text/html" }).end("denied");
          else res.writeHead(200, { "content-type": "text/html" }).end(page);
        },
        "/robots.txt": text("User-agent: *\nDisallow:\n"),
      },
      "ClaudeBot",
    );
    expect(access.differential).toMatchObject({
      token: "ClaudeBot",
      outcome: "blocked",
      browser: { ok: true, status: 200 },
      crawler: { ok: false, status: 403, bytes: 6 },
    });
  });

  it("detects a challenge page served to the crawler", async () => {
    const { access } = await check({
      "/widget": (req, res) => {
        const body = /GPTBot/.test(req.headers["user-agent"] ?? "")
          ? "<p>checking</p>"
          : page.repeat(20);
        res.writeHead(200, { "content-type": "text/html" }).end(body);
      },
    });
    expect(access.differential.outcome).toBe("suspect");
  });

  it("reports meta robots and X-Robots-Tag of the page the crawler gets", async () => {
    const { directives } = await check({
      "/widget": html(
        '<html><head><meta name="robots" content="noai"><meta name="googlebot" content="noindex"></head></html>',
        {
          "x-robots-tag": "nosnippet",
        },
      ),
    });
    expect(directives.GPTBot?.directives).toEqual(["nosnippet", "noai"]);
    expect(directives.Googlebot?.directives).toEqual(["noindex", "nosnippet", "noai"]);
    expect(directives.Googlebot?.evidence).toContain("X-Robots-Tag: nosnippet");
  });

  it("takes robots.txt from the origin the page redirected to", async () => {
    const target = await startTestSite({
      "/final": html(page),
      "/robots.txt": text("User-agent: PerplexityBot\nDisallow: /final\n"),
    });
    sites.push(target);
    const origin = await startTestSite({
      "/widget": (_req, res) => void res.writeHead(301, { location: target.url("/final") }).end(),
    });
    sites.push(origin);
    const access = await checkCrawlerAccess({
      url: origin.url("/widget"),
      policy: { allowLoopback: true, allowedPorts: [origin.port, target.port] },
    });
    expect(access.robots.file.url).toBe(target.url("/robots.txt"));
    expect(access.robots.verdicts.find((v) => v.token === "PerplexityBot")).toMatchObject({
      allowed: false,
      line: { number: 2 },
    });
  });

  it("refuses to fetch anything in hosted mode on loopback", async () => {
    const site = await startTestSite({ "/widget": html(page) });
    sites.push(site);
    const access = await checkCrawlerAccess({
      url: site.url("/widget"),
      policy: { allowLoopback: false, allowedPorts: [site.port] },
    });
    expect(access.page).toMatchObject({ ok: false, reason: "blocked_address", range: "loopback" });
    expect(access.robots.file.state).toBe("unreachable");
    expect(access.differential.outcome).toBe("page_unavailable");
    expect(site.seen).toEqual([]);
  });
});
