import { describe, expect, it } from "vitest";
import { findUrlsInText, normalizeUrl } from "../../src/analysis/url-normalize.js";
import { analyze, entity, subject } from "./analysis-fixtures.js";

describe("URL normalisation", () => {
  it.each([
    ["HTTPS://WWW.Example.COM/Path", "https://example.com/Path"],
    ["https://example.com:443/a", "https://example.com/a"],
    ["http://example.com:80/a", "http://example.com/a"],
    ["http://example.com:8080/a", "http://example.com:8080/a"],
    ["https://example.com/a/#section", "https://example.com/a"],
    ["https://example.com/a/b/", "https://example.com/a/b"],
    ["https://example.com/", "https://example.com/"],
    ["https://example.com", "https://example.com/"],
    ["https://example.com/?utm_source=chatgpt.com", "https://example.com/"],
    [
      "https://example.com/p?z=1&utm_medium=ai&a=2&gclid=x&fbclid=y&ref=hn&UTM_Campaign=c",
      "https://example.com/p?a=2&z=1",
    ],
    ["https://example.com/p?b=2&a=1&a=0", "https://example.com/p?a=1&a=0&b=2"],
    [
      "https://example.com/p?msclkid=1&mc_cid=2&mc_eid=3&igshid=4&si=5&ref_src=6",
      "https://example.com/p",
    ],
    ["https://www.example.co.uk/", "https://example.co.uk/"],
    ["https://café.example/menu", "https://xn--caf-dma.example/menu"],
    ["https://192.168.0.1:8443/x", "https://192.168.0.1:8443/x"],
  ])("%s -> %s", (raw, expected) => {
    expect(normalizeUrl(raw)?.normalizedUrl).toBe(expected);
  });

  it.each([
    "not a url",
    "ftp://example.com/file",
    "mailto:a@example.com",
    "https://",
    "javascript:alert(1)",
  ])("rejects %s", (raw) => {
    expect(normalizeUrl(raw)).toBeNull();
  });
});

describe("URLs in answer text", () => {
  it("finds markdown targets and bare URLs, stripping trailing punctuation", () => {
    const text =
      "See [G2](https://g2.com/a), https://reddit.com/r/x. Also (https://acme.com/b) and " +
      "https://en.wikipedia.org/wiki/Mercury_(planet), or **https://x.com/y**! Last: https://t.co/z?";
    expect(findUrlsInText(text).map((u) => u.url)).toEqual([
      "https://g2.com/a",
      "https://reddit.com/r/x",
      "https://acme.com/b",
      "https://en.wikipedia.org/wiki/Mercury_(planet)",
      "https://x.com/y",
      "https://t.co/z",
    ]);
  });

  it("reports offsets in the original text", () => {
    const text = "Read https://a.com/x.";
    const [u] = findUrlsInText(text);
    expect(text.slice(u?.start, u?.end)).toBe("https://a.com/x");
  });
});

describe("citations of an answer", () => {
  const s = subject([
    entity("self", "Acme", { isSelf: true, domains: ["acme.com", "www.acme.io"] }),
    entity("globex", "Globex", { domains: ["https://globex.com/"] }),
    entity("pages", "Pages", { domains: ["pages.github.io"] }),
  ]);

  it("puts structured citations first, then text URLs, distinct by normalised URL", () => {
    const a = analyze(
      s,
      "Compare [pricing](https://www.acme.com/pricing?utm_source=x) with https://globex.com/pricing/ " +
        "and https://reddit.com/r/crm#top.",
      {
        citations: [
          { url: "https://globex.com/pricing", title: "Globex pricing" },
          { url: "https://acme.com/pricing", title: null },
          { url: "not a url", title: null },
          { url: "https://ACME.com/pricing#plans", title: null },
        ],
      },
    );
    expect(a.citations).toEqual([
      {
        url: "https://globex.com/pricing",
        normalizedUrl: "https://globex.com/pricing",
        host: "globex.com",
        domain: "globex.com",
        taxonomy: "competitor",
        entityId: "globex",
        position: 0,
        origin: "structured",
      },
      {
        url: "https://acme.com/pricing",
        normalizedUrl: "https://acme.com/pricing",
        host: "acme.com",
        domain: "acme.com",
        taxonomy: "owned",
        entityId: "self",
        position: 1,
        origin: "structured",
      },
      {
        url: "https://reddit.com/r/crm#top",
        normalizedUrl: "https://reddit.com/r/crm",
        host: "reddit.com",
        domain: "reddit.com",
        taxonomy: "ugc",
        entityId: null,
        position: 2,
        origin: "text",
      },
    ]);
  });

  it.each([
    ["https://news.bbc.co.uk/story", "news.bbc.co.uk", "bbc.co.uk", "news", null],
    ["https://foo.github.io/post", "foo.github.io", "foo.github.io", "other", null],
    ["https://pages.github.io/a", "pages.github.io", "pages.github.io", "competitor", "pages"],
    ["https://docs.acme.io/start", "docs.acme.io", "acme.io", "owned", "self"],
    ["https://blog.globex.com/x", "blog.globex.com", "globex.com", "competitor", "globex"],
    ["https://notglobex.com/x", "notglobex.com", "notglobex.com", "other", null],
    ["http://10.0.0.7/report", "10.0.0.7", "10.0.0.7", "other", null],
    ["http://[2001:db8::1]/x", "[2001:db8::1]", "[2001:db8::1]", "other", null],
    ["http://localhost:3000/x", "localhost", "localhost", "other", null],
    ["https://en.wikipedia.org/wiki/CRM", "en.wikipedia.org", "wikipedia.org", "reference", null],
  ])("%s -> host %s, domain %s, %s, owner %s", (url, host, domain, taxonomy, entityId) => {
    const [c] = analyze(s, "", { citations: [{ url, title: null }] }).citations;
    expect(c).toMatchObject({ host, domain, taxonomy, entityId });
  });
});
