import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { CitationRedirects } from "../../src/services/citations/citation-redirects.js";
import { FakeGroundingRedirects } from "../fakes/fake-grounding-redirects.js";

const redirects = new FakeGroundingRedirects();
let resolver: CitationRedirects;

beforeAll(async () => {
  await redirects.start();
  resolver = new CitationRedirects({
    hosts: ["127.0.0.1"],
    timeoutMs: 2_000,
    policy: { allowLoopback: true, allowedPorts: [redirects.port] },
    clock: new ManualClock("2026-11-27T00:00:00Z"),
  });
});
afterAll(async () => {
  await resolver.close();
  await redirects.close();
});

describe("citation redirects (Gemini's grounding links)", () => {
  it("replaces each link by its Location, keeps the link, and merges links to one page", async () => {
    const teams = redirects.link("https://runner.example/teams");
    const compare = redirects.link("https://www.globex.com/compare?ref=1");
    const teamsAgain = redirects.link("https://runner.example/teams");
    const resolved = await resolver.resolve([
      { url: teams, title: "runner.example" },
      { url: compare, title: "globex.com" },
      { url: teamsAgain, title: "runner.example" },
      { url: "https://plain.example/page", title: "A page" },
    ]);
    expect(resolved).toEqual([
      { url: "https://runner.example/teams", title: "runner.example", engineUrl: teams },
      { url: "https://www.globex.com/compare?ref=1", title: "globex.com", engineUrl: compare },
      { url: "https://plain.example/page", title: "A page", engineUrl: null },
    ]);
    // The target pages are never requested: only the links are.
    expect(redirects.hitsOf(teams)).toBe(1);
  });

  it("asks a link once: a later answer citing it reads the cached target", async () => {
    const link = redirects.link("https://cached.example/a");
    await resolver.resolve([{ url: link, title: "cached.example" }]);
    const again = await resolver.resolve([{ url: link, title: "cached.example" }]);
    expect(again[0]?.url).toBe("https://cached.example/a");
    expect(redirects.hitsOf(link)).toBe(1);
  });

  it("falls back to the site the title names (a host under a public suffix) when a link has expired, else keeps the link", async () => {
    const expired = redirects.link("https://gone.com/page");
    const untitled = redirects.link("https://other.example/page");
    redirects.expire(expired);
    redirects.expire(untitled);
    const resolved = await resolver.resolve([
      { url: expired, title: "Gone.com" },
      { url: untitled, title: "Not a host name" },
    ]);
    expect(resolved).toEqual([
      { url: "https://gone.com/", title: "Gone.com", engineUrl: expired },
      { url: untitled, title: "Not a host name", engineUrl: null },
    ]);
  });

  it("reads only links of its hosts under /grounding-api-redirect/, never other URLs", async () => {
    expect(resolver.isRedirectLink(`${redirects.url}/grounding-api-redirect/x`)).toBe(true);
    expect(resolver.isRedirectLink(`${redirects.url}/other/x`)).toBe(false);
    expect(resolver.isRedirectLink("https://example.com/grounding-api-redirect/x")).toBe(false);
    const before = redirects.hits.size;
    await resolver.resolve([{ url: `${redirects.url}/other/x`, title: null }]);
    expect(redirects.hits.size).toBe(before);
  });

  it("keeps a link whose host the fetch policy refuses (no request leaves)", async () => {
    const hosted = new CitationRedirects({
      hosts: ["127.0.0.1"],
      timeoutMs: 2_000,
      policy: { allowLoopback: false, allowedPorts: [redirects.port] },
      clock: new ManualClock("2026-11-27T00:00:00Z"),
    });
    const link = redirects.link("https://runner.com/teams");
    const [resolved] = await hosted.resolve([{ url: link, title: "runner.com" }]);
    // The title under a public suffix names the site; the link is kept beside it.
    expect(resolved).toEqual({ url: "https://runner.com/", title: "runner.com", engineUrl: link });
    expect(redirects.hitsOf(link)).toBe(0);
  });

  it("never requests the target, even one it could fetch", async () => {
    const target = `${redirects.url}/a-page-it-could-fetch`;
    const link = redirects.link(target);
    const before = redirects.hits.get("") ?? 0;
    const [resolved] = await resolver.resolve([{ url: link, title: "x.com" }]);
    expect(resolved?.url).toBe(target);
    expect(redirects.hits.get("") ?? 0).toBe(before);
  });

  it("a link that redirects to another redirect link falls back to its title", async () => {
    const inner = redirects.link("https://deep.com/page");
    const outer = redirects.link(inner);
    const [resolved] = await resolver.resolve([{ url: outer, title: "deep.com" }]);
    expect(resolved).toEqual({ url: "https://deep.com/", title: "deep.com", engineUrl: outer });
    expect(redirects.hitsOf(inner)).toBe(0);
  });

  it("reads links over kept-alive connections instead of one connection each", async () => {
    const links = Array.from({ length: 12 }, (_, i) => redirects.link(`https://kept${i}.com/`));
    const before = redirects.connections;
    for (const link of links) await resolver.resolve([{ url: link, title: null }]);
    expect(links.map((l) => redirects.hitsOf(l))).toEqual(links.map(() => 1));
    expect(redirects.connections - before).toBeLessThanOrEqual(1);
  });

  it("checks the host's addresses again on every read, even with a connection kept open", async () => {
    let address = "127.0.0.1";
    const named = new CitationRedirects({
      hosts: ["redirects.test"],
      timeoutMs: 2_000,
      policy: { allowLoopback: true, allowedPorts: [redirects.port] },
      clock: new ManualClock("2026-11-27T00:00:00Z"),
      resolve: async () => [{ address, family: 4 }],
    });
    const viaName = (target: string) =>
      redirects.link(target).replace("127.0.0.1", "redirects.test");
    const first = viaName("https://first.com/a");
    expect((await named.resolve([{ url: first, title: null }]))[0]?.url).toBe(
      "https://first.com/a",
    );
    // The name now points at the cloud metadata address: refused before any request leaves.
    address = "169.254.169.254";
    const second = viaName("https://second.com/b");
    const [resolved] = await named.resolve([{ url: second, title: "second.com" }]);
    expect(resolved).toEqual({
      url: "https://second.com/",
      title: "second.com",
      engineUrl: second,
    });
    expect(redirects.hitsOf(second)).toBe(0);
    await named.close();
  });

  it("reads at most 40 links of one answer; the rest use their titles", async () => {
    const links = Array.from({ length: 45 }, (_, i) => redirects.link(`https://site${i}.com/page`));
    const resolved = await resolver.resolve(
      links.map((url, i) => ({ url, title: `site${i}.com` })),
    );
    expect(resolved).toHaveLength(45);
    expect(resolved[39]?.url).toBe("https://site39.com/page");
    expect(resolved[40]).toEqual({
      url: "https://site40.com/",
      title: "site40.com",
      engineUrl: links[40],
    });
    expect(links.slice(40).map((l) => redirects.hitsOf(l))).toEqual([0, 0, 0, 0, 0]);
  });
});
