import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, startTestSite, type TestSite, text } from "../fakes/test-site.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { checksOf, evaluate, fetchEnv } from "./page-fixtures.js";

// The content checks through the real server: what the page says and how (web/page-content/,
// tested in detail in test/web/page-content), stored with the evaluation, scored, and the
// Markdown a crawler reads.
const article = `<!doctype html><html lang="en"><head>
<title>How Contentful compares for content teams</title>
<meta name="description" content="A plain comparison of headless content platforms for marketing teams: pricing, editing, localisation and support.">
<link rel="canonical" href="/article">
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Article",
  headline: "How Contentful compares for content teams",
  datePublished: "2026-02-01",
  dateModified: "2026-02-20",
})}</script>
</head><body><main><article>
<h1>How Contentful compares for content teams</h1>
<p>Contentful is a headless content platform that suits teams publishing in many languages, and it costs less than Globex for small teams.</p>
<h2>What to compare</h2>
<ul><li>Pricing per seat</li><li>Editing experience</li><li>Localisation</li></ul>
<h2>Pricing</h2>
<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Team</td><td>$300</td></tr></table>
<p>Read the <a href="https://www.w3.org/standards/">W3C standards</a> for structured content, and more on <a href="https://contentful.example/blog">our blog</a>.</p>
</article></main></body></html>`;

const shell = `<!doctype html><html lang="en"><head><title>App</title>
<script src="/static/app.js"></script><script src="/static/vendor.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;

let site: TestSite;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  site = await startTestSite({
    "/article": html(article),
    "/app": html(shell),
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
  });
  t = await startTestServer({ env: fetchEnv([80, 443, site.port]) });
  t.clock.set("2026-03-01T12:00:00.000Z");
  cookie = await t.signIn("pages-content@example.com");
  slug = await t.createWorkspace(cookie, { brand: "contentful" });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

describe("the content checks of an evaluation", () => {
  it("an article with JSON-LD: understood, the brand named, the Markdown a crawler reads", async () => {
    const done = await evaluate(t, { cookie }, slug, site.url("/article"));
    expect(done.status).toBe("succeeded");
    const checks = checksOf(done);
    expect(checks["understanding.initial_html_text"].status).toBe("pass");
    expect(checks["understanding.structured_data"].status).toBe("pass");
    expect(checks["understanding.title"].status).toBe("pass");
    expect(checks["understanding.meta_description"].status).toBe("pass");
    expect(checks["entity.brand_name"].status).toBe("pass");
    expect(checks["entity.competitors"]).toMatchObject({ status: "info" });
    expect(JSON.stringify(checks["entity.competitors"].evidence)).toContain("Globex");
    expect(done.scores.categories.understanding).toBeGreaterThanOrEqual(70);
    expect(done.scores.categories.entity).not.toBeNull();
    expect(done.crawlerView.markdown).toContain("Pricing");
    expect(done.crawlerView.markdown).toMatch(/^-\s+Pricing per seat$/m);
    expect(done.crawlerView.markdown).toContain("| Team | $300 |");
    expect(done.crawlerView.markdown).not.toContain("<script");
  });

  it("a page that needs JavaScript: its text is not in the HTML crawlers get (critical)", async () => {
    const good = await evaluate(t, { cookie }, slug, site.url("/article"));
    const done = await evaluate(t, { cookie }, slug, site.url("/app"));
    expect(done.status).toBe("succeeded");
    const check = checksOf(done)["understanding.initial_html_text"];
    expect(check).toMatchObject({ status: "fail", severity: "critical" });
    expect(check.fix).toBeTruthy();
    expect(done.scores.categories.understanding).toBeLessThan(good.scores.categories.understanding);
    expect(done.scores.overall).toBeLessThan(good.scores.overall);
  });
});
