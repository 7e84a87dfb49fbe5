import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import { type FetchPolicy, type Resolver, safeFetch } from "../../src/web/safe-fetch.js";
import { html, redirect, startTestSite, type TestSite, text } from "../fakes/test-site.js";
import { hostedSecretsEnv } from "../harness/test-server.js";

let site: TestSite;
let local: FetchPolicy;
const hosted = (port: number): FetchPolicy => ({
  allowLoopback: false,
  allowedPorts: [80, 443, port],
});
/** A resolver under the tests' control: names map to the given addresses. */
const resolver =
  (names: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
const browser = "Mozilla/5.0 (test)";

beforeAll(async () => {
  site = await startTestSite({
    "/": html("<html><head><title>Home</title></head><body>Hello</body></html>"),
    "/gzip": (_req, res) => {
      res
        .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        .end(gzipSync("<html><body>compressed</body></html>"));
    },
    "/pdf": (_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7");
    },
    "/robots.txt": text("User-agent: *\nDisallow:\n"),
    "/missing": html("gone", {}, 404),
    "/broken": html("oops", {}, 503),
    "/huge": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("error", () => {});
      pump();
    },
    "/huge-declared": (_req, res) => {
      res.writeHead(200, {
        "content-type": "text/html",
        "content-length": String(6 * 1024 * 1024),
      });
      res.write("<html>");
    },
    "/slow": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html>");
    },
    "/silent": () => {},
    "/to-home": redirect("/"),
    "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
    "/to-ftp": redirect("ftp://example.com/file"),
    "/to-port": redirect("http://127.0.0.1:1/"),
    "/to-mapped": redirect("http://[::ffff:10.0.0.1]/"),
  });
  local = { allowLoopback: true, allowedPorts: [80, 443, site.port] };
});

afterAll(() => site.close());

const get = (url: string, extra: Partial<Parameters<typeof safeFetch>[0]> = {}) =>
  safeFetch({ url, policy: local, userAgent: browser, expect: "html", ...extra });

describe("safe fetching: success against a local site (loopback allowed)", () => {
  it("fetches an HTML page with its status, type, size, address and time", async () => {
    const clock = new ManualClock("2026-11-24T03:00:00Z");
    const result = await get(site.url("/"), { clock });
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: site.url("/"),
      contentType: "text/html; charset=utf-8",
      address: "127.0.0.1",
      redirects: [],
      fetchedAt: new Date("2026-11-24T03:00:00Z"),
    });
    if (result.ok) expect(result.body.toString()).toContain("<title>Home</title>");
  });

  it("sends the user-agent it is given", async () => {
    await get(site.url("/?ua"), { userAgent: "GPTBot/1.1" });
    expect(site.seen.find((s) => s.path === "/?ua")?.userAgent).toBe("GPTBot/1.1");
  });

  it("decodes a compressed body", async () => {
    const result = await get(site.url("/gzip"));
    expect(result.ok && result.body.toString()).toBe("<html><body>compressed</body></html>");
  });

  it("follows a relative redirect and reports it", async () => {
    const result = await get(site.url("/to-home"));
    expect(result).toMatchObject({
      ok: true,
      finalUrl: site.url("/"),
      redirects: [{ from: site.url("/to-home"), to: site.url("/"), status: 302 }],
    });
  });

  it("takes any content type when asked (robots.txt)", async () => {
    const result = await get(site.url("/robots.txt"), { expect: "any" });
    expect(result).toMatchObject({ ok: true, contentType: "text/plain" });
  });

  it("resolves a name through the resolver and connects to the checked address", async () => {
    const result = await get(`http://site.test:${site.port}/`, {
      resolve: resolver({ "site.test": ["127.0.0.1"] }),
    });
    expect(result).toMatchObject({ ok: true, address: "127.0.0.1" });
  });
});

describe("safe fetching over IPv6 (loopback allowed)", () => {
  it("fetches an IPv6 literal, an AAAA answer and an IPv4-mapped literal", async () => {
    const v6 = await startTestSite({ "/": html("<html>six</html>") }, "::1");
    try {
      const policy = { allowLoopback: true, allowedPorts: [v6.port, site.port] };
      expect(await get(v6.url("/"), { policy })).toMatchObject({ ok: true, address: "::1" });
      const named = await get(`http://six.test:${v6.port}/`, {
        policy,
        resolve: resolver({ "six.test": ["::1"] }),
      });
      expect(named).toMatchObject({ ok: true, address: "::1" });
      const mapped = await get(`http://[::ffff:127.0.0.1]:${site.port}/`, { policy });
      expect(mapped).toMatchObject({ ok: true, address: "::ffff:7f00:1" });
      const hostedPolicy = { allowLoopback: false, allowedPorts: policy.allowedPorts };
      expect(await get(v6.url("/"), { policy: hostedPolicy })).toMatchObject({
        reason: "blocked_address",
        range: "loopback",
      });
    } finally {
      await v6.close();
    }
  });
});

describe("the loopback switch from the configuration", () => {
  it("lets local mode reach loopback when told, and hosted mode never", async () => {
    const ports = `80,443,${site.port}`;
    const localConfig = loadConfig({ GEO_FETCH_ALLOW_LOOPBACK: "true", GEO_FETCH_PORTS: ports });
    expect(await get(site.url("/"), { policy: localConfig.pageFetch })).toMatchObject({ ok: true });
    const localDefault = loadConfig({ GEO_FETCH_PORTS: ports });
    expect(await get(site.url("/"), { policy: localDefault.pageFetch })).toMatchObject({
      reason: "blocked_address",
    });
    const hostedConfig = loadConfig({
      ...hostedSecretsEnv,
      GEO_OPERATOR_MODE: "hosted",
      GEO_FETCH_PORTS: ports,
    });
    expect(await get(site.url("/"), { policy: hostedConfig.pageFetch })).toMatchObject({
      reason: "blocked_address",
      range: "loopback",
    });
  });
});

describe("safe fetching: no DNS-rebinding gap", () => {
  it("resolves once per hop and connects to the address it checked", async () => {
    let calls = 0;
    // A rebinding name: public-looking first (here loopback, allowed), private afterwards.
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? "127.0.0.1" : "10.0.0.1", family: 4 }];
    };
    const result = await get(`http://rebind.test:${site.port}/`, { resolve: rebinding });
    expect(result).toMatchObject({ ok: true, address: "127.0.0.1" });
    expect(calls).toBe(1);
  });
});

describe("safe fetching: refusals", () => {
  it.each([
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.100.100.200/",
    "http://100.64.0.1/",
    "http://[fd00:ec2::254]/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[64:ff9b::a00:1]/",
    "http://0.0.0.0/",
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://2130706433/",
    "http://0x7f.1/",
  ])("refuses %s before connecting, naming the range", async (url) => {
    const result = await safeFetch({
      url,
      policy: hosted(80),
      userAgent: browser,
      expect: "html",
    });
    expect(result).toMatchObject({ ok: false, reason: "blocked_address" });
    expect(result.ok || result.range).toBeTruthy();
  });

  it("refuses loopback in hosted mode, by address and by a name that resolves to it", async () => {
    const policy = hosted(site.port);
    expect(await get(site.url("/"), { policy })).toMatchObject({
      reason: "blocked_address",
      range: "loopback",
    });
    expect(await get(`http://[::1]:${site.port}/`, { policy })).toMatchObject({
      reason: "blocked_address",
      range: "loopback",
    });
    const named = await get(`http://innocent.test:${site.port}/`, {
      policy,
      resolve: resolver({ "innocent.test": ["93.184.215.14", "127.0.0.1"] }),
    });
    expect(named).toMatchObject({ reason: "blocked_address", range: "loopback" });
    // The range is named; the internal address the name resolved to is not told.
    expect(named.ok || named.message).toBe(
      "innocent.test points to a loopback address (this machine), which is never fetched.",
    );
    expect(JSON.stringify(named)).not.toContain("127.0.0.1");
    expect(await get(`http://localhost:${site.port}/`, { policy })).toMatchObject({
      reason: "blocked_address",
      range: "loopback",
    });
  });

  it("refuses a redirect from an allowed site into a refused address", async () => {
    const result = await get(site.url("/to-metadata"), {
      policy: { ...local, allowedPorts: [80, site.port] },
    });
    expect(result).toMatchObject({
      ok: false,
      reason: "blocked_address",
      range: "cloud_metadata",
      failedUrl: "http://169.254.169.254/latest/meta-data/",
      redirects: [{ from: site.url("/to-metadata"), status: 302 }],
    });
    expect(
      await get(site.url("/to-mapped"), { policy: { ...local, allowedPorts: [80, site.port] } }),
    ).toMatchObject({
      reason: "blocked_address",
      range: "private",
    });
  });

  it("refuses a redirect into a name that resolves to a private address", async () => {
    const named = await startTestSite({ "/": redirect("http://intranet.test/admin") });
    try {
      const result = await get(named.url("/"), {
        policy: { ...local, allowedPorts: [80, named.port] },
        resolve: resolver({ "intranet.test": ["10.1.2.3"] }),
      });
      expect(result).toMatchObject({ reason: "blocked_address", range: "private" });
      expect(result.ok || result.message).toBe(
        "intranet.test points to a private network address, which is never fetched.",
      );
      expect(JSON.stringify(result)).not.toContain("10.1.2.3");
    } finally {
      await named.close();
    }
  });

  it("refuses a redirect to another scheme or port", async () => {
    expect(await get(site.url("/to-ftp"))).toMatchObject({ reason: "unsupported_url" });
    expect(await get(site.url("/to-port"))).toMatchObject({
      reason: "unsupported_url",
      failedUrl: "http://127.0.0.1:1/",
    });
  });

  it("refuses other schemes, ports and credentials", async () => {
    for (const url of [
      "ftp://example.com/",
      "file:///etc/passwd",
      "gopher://example.com/",
      "http://example.com:8080/",
      "https://example.com:22/",
      "http://user:secret@example.com/",
      "not a url",
    ]) {
      expect(await get(url, { policy: hosted(443) }), url).toMatchObject({
        reason: "unsupported_url",
      });
    }
  });

  it("stops a redirect chain longer than 5", async () => {
    const routes: Record<string, ReturnType<typeof redirect>> = {};
    for (let i = 1; i <= 6; i++) routes[`/r${i}`] = redirect(i === 6 ? "/end" : `/r${i + 1}`);
    const chain = await startTestSite({ ...routes, "/end": html("<html></html>") });
    try {
      const policy = { ...local, allowedPorts: [chain.port] };
      const six = await get(chain.url("/r1"), { policy });
      expect(six).toMatchObject({ ok: false, reason: "too_many_redirects" });
      expect(six.redirects).toHaveLength(6);
      expect(await get(chain.url("/r2"), { policy })).toMatchObject({
        ok: true,
        finalUrl: chain.url("/end"),
      });
    } finally {
      await chain.close();
    }
  });

  it("aborts a body past the limit, streamed or declared", async () => {
    expect(await get(site.url("/huge"))).toMatchObject({ ok: false, reason: "too_large" });
    expect(await get(site.url("/huge-declared"))).toMatchObject({ reason: "too_large" });
    expect(await get(site.url("/"), { maxBytes: 10 })).toMatchObject({ reason: "too_large" });
  });

  it("times out a slow body and a server that never answers", async () => {
    expect(await get(site.url("/slow"), { timeoutMs: 300 })).toMatchObject({
      ok: false,
      reason: "timeout",
    });
    expect(await get(site.url("/silent"), { timeoutMs: 300 })).toMatchObject({ reason: "timeout" });
  });

  it("times out a name that takes too long to resolve", async () => {
    const never: Resolver = () => new Promise(() => {});
    expect(await get("http://slow-dns.test/", { resolve: never, timeoutMs: 200 })).toMatchObject({
      reason: "timeout",
    });
  });

  it("refuses a content type other than HTML", async () => {
    expect(await get(site.url("/pdf"))).toMatchObject({
      ok: false,
      reason: "not_html",
      status: 200,
      message: "The address serves application/pdf, not an HTML page.",
    });
  });

  it("reports HTTP errors with their status and size", async () => {
    expect(await get(site.url("/missing"))).toMatchObject({
      reason: "http_error",
      status: 404,
      bytes: 4,
    });
    expect(await get(site.url("/broken"))).toMatchObject({ reason: "http_error", status: 503 });
  });

  it("reports a name that does not resolve and a refused connection", async () => {
    expect(await get("http://nowhere.test/", { resolve: resolver({}) })).toMatchObject({
      reason: "dns_failure",
    });
    const closed = await startTestSite({});
    const port = closed.port;
    await closed.close();
    expect(
      await get(`http://127.0.0.1:${port}/`, { policy: { ...local, allowedPorts: [port] } }),
    ).toMatchObject({
      reason: "connection_failed",
      message: "The server refused the connection.",
    });
  });
});
