import { describe, expect, it } from "vitest";
import { analyze, fixture, page } from "./analyze.js";

describe("text in the initial HTML (JS-only pages)", () => {
  it("fails a single-page-app shell as critical, with the empty root and the notice as evidence", () => {
    const result = analyze(fixture("spa-shell.html"));
    const check = result.check("understanding.initial_html_text");
    expect(check).toMatchObject({ status: "fail", severity: "critical" });
    expect(check.summary).toContain("most AI crawlers");
    expect(check.evidence).toEqual([
      { label: "words in initial HTML", value: "0" },
      { label: "words of main content", value: "0" },
      { label: "scripts", value: "3 (3 external, 0 characters inline)" },
      { label: "empty app root", value: '<div id="root">' },
      { label: "noscript", value: "You need to enable JavaScript to run this app." },
    ]);
    expect(check.fix).toMatch(/server/);
    // A crawler sees nothing but the title.
    expect(result.markdown).toBe("# Acme – Project management for teams");
    expect(result.wordCount).toBe(0);
    expect(result.extraction).toEqual({
      source: "body",
      fallbackReason: "Readability found no main content",
      truncated: false,
    });
    expect(result.check("understanding.answer_first").status).toBe("warn");
  });

  it("fails a Next.js-style shell with many inline scripts and an empty __next root", () => {
    const scripts = Array.from({ length: 4 }, (_, i) => `<script>self.__chunk${i}=1</script>`).join(
      "",
    );
    const result = analyze(
      page({ head: "<title>Shop</title>", body: `<div id="__next"></div>${scripts}` }),
    );
    expect(result.check("understanding.initial_html_text").status).toBe("fail");
  });

  it("fails an empty app root wrapped in a server-rendered menu and footer", () => {
    const menu = Array.from(
      { length: 30 },
      (_, i) => `<li><a href="/c/${i}">Category ${i}</a></li>`,
    ).join("");
    const result = analyze(
      page({
        body: `<nav><ul>${menu}</ul></nav><div id="root"></div><footer><p>${"Company info and links. ".repeat(5)}</p></footer>`,
      }),
    );
    const check = result.check("understanding.initial_html_text");
    expect(check.status).toBe("fail");
    expect(check.summary).toMatch(/^The served HTML has 0 words of main content and an app shell/);
  });

  it("warns about a page with little text and no sign of an app", () => {
    const result = analyze(page({ head: "<title>Hi</title>", body: "<p>Coming soon.</p>" }));
    const check = result.check("understanding.initial_html_text");
    expect(check.status).toBe("warn");
    expect(check.summary).toBe("The served HTML has only 2 words of text.");
  });

  it("warns when a page with text also has an empty mount point", () => {
    const words = "Acme plans projects for teams of every size and shape. ".repeat(10);
    const result = analyze(page({ body: `<main><p>${words}</p></main><div id="app"></div>` }));
    expect(result.check("understanding.initial_html_text").status).toBe("warn");
  });

  it("passes a server-rendered page, whatever its scripts", () => {
    const words = "Acme plans projects for teams of every size and shape. ".repeat(10);
    const result = analyze(
      page({
        body: `<div id="root"><main><p>${words}</p></main></div><script src="/a.js"></script><script src="/b.js"></script><script src="/c.js"></script>`,
      }),
    );
    expect(result.check("understanding.initial_html_text").status).toBe("pass");
  });
});
