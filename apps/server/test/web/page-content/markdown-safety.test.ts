import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "../../../src/web/page-content/to-markdown.js";
import { analyze, page } from "./analyze.js";

const hostile = page({
  head: `<title>Safe &lt;b&gt;title&lt;/b&gt;</title><script>globalThis.__pwned = "head";</script>`,
  body: `<main><article>
    <h1>Hostile page</h1>
    <p>This paragraph is long enough to be the main content of a page that tries to run code in the reader, which it must never do.</p>
    <script>globalThis.__pwned = "body";</script>
    <p>Text that looks like a tag: &lt;script&gt;alert(1)&lt;/script&gt; and an entity &amp;copy; stay text.</p>
    <p><img src="x" onerror="globalThis.__pwned = 'img'" alt="a picture"> <img src="javascript:alert(1)" alt="bad image"></p>
    <p><a href="javascript:alert(1)">a script link</a>, <a href="data:text/html,<script>alert(1)</script>">a data link</a>, <a href="mailto:team@acme.example">mail us</a>.</p>
    <iframe src="https://evil.example/frame"></iframe>
    <form action="/x"><input name="q" value="secret"><button>Send</button></form>
    <style>p { color: red }</style>
    <svg><script>globalThis.__pwned = "svg"</script><text>svg text</text></svg>
    <p onclick="globalThis.__pwned = 'click'">More words to keep Readability happy, because the article needs a little more running text here.</p>
  </article></main>`,
});

describe("Markdown from untrusted HTML", () => {
  it("never runs the page's scripts", () => {
    analyze(hostile);
    expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
  });

  it("drops script, style, iframe, form and svg content and keeps no raw HTML", () => {
    const { markdown } = analyze(hostile);
    expect(markdown).not.toContain("__pwned");
    expect(markdown).not.toContain("color: red");
    expect(markdown).not.toContain("secret");
    expect(markdown).not.toContain("evil.example");
    expect(markdown).not.toContain("svg text");
    expect(markdown).not.toContain("onerror");
    expect(markdown).not.toContain("onclick");
    // Nothing a Markdown renderer would pass through as an HTML tag.
    expect(markdown).not.toMatch(/(^|[^\\])<[a-z/!]/im);
  });

  it("escapes text that looks like HTML and keeps only safe link and image targets", () => {
    const { markdown } = analyze(hostile);
    expect(markdown).toContain("\\<script>alert(1)\\</script>");
    expect(markdown).toContain("\\&copy;");
    expect(markdown).toContain("![a picture](https://www.acme.example/x)");
    expect(markdown).toContain("bad image");
    expect(markdown).not.toContain("javascript:");
    expect(markdown).not.toContain("data:");
    expect(markdown).toContain("a script link, a data link, [mail us](mailto:team@acme.example)");
    expect(markdown.split("\n")[0]).toBe("# Safe \\<b>title\\</b>");
  });

  it("converts headings, lists, links, code and data tables; layout tables become text", () => {
    const md = htmlToMarkdown({
      baseUrl: "https://acme.example/docs/",
      html: `<h2>Steps</h2><ol><li>Open <a href="setup">setup</a></li><li>Run <code>acme init</code></li></ol>
        <pre><code>acme deploy --prod</code></pre>
        <table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro | Team</td><td>$8</td></tr></table>
        <table><tr><td><p>Layout cell</p></td></tr></table>`,
    });
    expect(md).toContain("## Steps");
    expect(md).toMatch(/^1\. +Open \[setup\]\(https:\/\/acme\.example\/docs\/setup\)$/m);
    expect(md).toContain("`acme init`");
    expect(md).toContain("```\nacme deploy --prod\n```");
    expect(md).toContain("| Plan | Price |\n| --- | --- |\n| Pro \\| Team | $8 |");
    expect(md).toContain("Layout cell");
    expect(md).not.toContain("| Layout cell");
  });
});
