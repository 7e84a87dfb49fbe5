import { describe, expect, it } from "vitest";
import { analyze, page } from "./analyze.js";

const status = (html: string, id: string, url?: string) =>
  analyze(html, url === undefined ? {} : { url }).check(id);

describe("title and meta description", () => {
  it("fails a page with neither, with the absence as evidence and a fix", () => {
    const result = analyze(page({ body: "<h1>Hello</h1><p>Some text.</p>" }));
    expect(result.check("understanding.title")).toMatchObject({
      status: "fail",
      severity: "high",
      summary: "The page has no <title>.",
      evidence: [{ label: "title", value: "(no <title>)" }],
    });
    expect(result.check("understanding.title").fix).toContain("<title>");
    expect(result.check("understanding.meta_description")).toMatchObject({
      status: "fail",
      summary: "The page has no meta description.",
      evidence: [{ label: "meta description", value: '(no <meta name="description">)' }],
    });
    expect(result.title).toBeNull();
  });

  it("fails an empty title and an empty description", () => {
    const result = analyze(page({ head: '<title> </title><meta name="description" content="">' }));
    expect(result.check("understanding.title").summary).toBe("The page's <title> is empty.");
    expect(result.check("understanding.meta_description").summary).toBe(
      "The page's meta description is empty.",
    );
  });

  it("warns about lengths and duplicate titles", () => {
    expect(status(page({ head: "<title>Acme</title>" }), "understanding.title").status).toBe(
      "warn",
    );
    expect(
      status(page({ head: `<title>${"Long title ".repeat(8)}</title>` }), "understanding.title")
        .summary,
    ).toMatch(/^The title is 87 characters/);
    expect(
      status(
        page({ head: "<title>Project tools for teams</title><title>Other title here</title>" }),
        "understanding.title",
      ).summary,
    ).toBe("The page has 2 <title> elements; crawlers read the first.");
    expect(
      status(
        page({ head: '<meta name="description" content="Too short.">' }),
        "understanding.meta_description",
      ).status,
    ).toBe("warn");
  });
});

describe("canonical", () => {
  const canonical = (href: string, url = "https://www.acme.example/page") =>
    status(page({ head: `<link rel="canonical" href="${href}">` }), "understanding.canonical", url);

  it("passes an absolute canonical naming the page (or the page without its query)", () => {
    expect(canonical("https://www.acme.example/page").status).toBe("pass");
    expect(
      canonical("https://www.acme.example/page", "https://www.acme.example/page?utm_source=x")
        .status,
    ).toBe("pass");
  });

  it("warns when missing, relative, or pointing elsewhere", () => {
    expect(status(page(), "understanding.canonical")).toMatchObject({
      status: "warn",
      fix: 'Add <link rel="canonical" href="https://www.acme.example/page"> to the <head>.',
    });
    expect(canonical("/page").summary).toContain("relative");
    expect(canonical("https://www.acme.example/other").summary).toContain(
      "another URL of the site",
    );
    expect(canonical("https://globex.example/page").summary).toContain(
      "another site (globex.example)",
    );
  });

  it("fails conflicting or unusable canonicals", () => {
    const two = page({
      head: '<link rel="canonical" href="https://www.acme.example/a"><link rel="canonical" href="https://www.acme.example/b">',
    });
    expect(status(two, "understanding.canonical").status).toBe("fail");
    expect(canonical("javascript:alert(1)").status).toBe("fail");
    expect(canonical("").status).toBe("fail");
  });
});

describe("language", () => {
  const english =
    "<p>This is the page and the text that is written for you, with the words of this language.</p>".repeat(
      3,
    );

  it("passes a declared language that matches the text", () => {
    expect(status(page({ body: english }), "understanding.language").status).toBe("pass");
  });

  it("warns without lang, with an invalid tag, or when the text reads as another language", () => {
    const none = analyze(page({ lang: null, body: english }));
    expect(none.check("understanding.language")).toMatchObject({
      status: "warn",
      fix: 'Declare the language: <html lang="en">.',
    });
    expect(none.language).toBe("en");
    expect(
      status(page({ lang: "english!", body: english }), "understanding.language").summary,
    ).toContain("not a valid language tag");
    const mislabelled = analyze(page({ lang: "fr", body: english.repeat(3) }));
    expect(mislabelled.check("understanding.language").summary).toBe(
      'The page declares "fr" but its text reads as "en".',
    );
    // The readability formula follows the text, not the label.
    expect(mislabelled.check("understanding.readability").evidence).toContainEqual(
      expect.objectContaining({ value: expect.stringContaining("(Flesch reading ease, en)") }),
    );
  });
});

describe("headings outline", () => {
  const headings = (body: string) => status(page({ body }), "understanding.headings");

  it("passes one h1 with nested levels", () => {
    expect(headings("<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2>").status).toBe("pass");
  });

  it("warns about skipped levels, with the outline and the skip as evidence", () => {
    const check = headings("<h1>Guide</h1><h2>Setup</h2><h4>Details</h4>");
    expect(check.status).toBe("warn");
    expect(check.summary).toBe("The outline has 1 skipped heading level.");
    expect(check.evidence).toEqual([
      { label: "outline", value: "h1 Guide\n  h2 Setup\n      h4 Details" },
      { label: "skipped levels", value: 'h2 → h4 ("Details")' },
    ]);
  });

  it("warns about several h1 and fails without h1 or without headings", () => {
    expect(headings("<h1>A</h1><h1>B</h1>").summary).toBe("The outline has 2 <h1> elements.");
    expect(headings("<h2>A</h2><h3>B</h3>").status).toBe("fail");
    expect(headings("<p>No headings at all.</p>")).toMatchObject({
      status: "fail",
      evidence: [{ label: "outline", value: "(no h1-h6)" }],
    });
  });
});

describe("pages without <html>, <head> or <body> tags", () => {
  it("reads the head and body HTML allows to be implied", () => {
    const result = analyze(
      '<!doctype html><title>Implied tags page title</title><meta name="description" content="d"><h1>Hello</h1><p>Body text here.</p>',
    );
    expect(result.check("understanding.title").evidence[0]?.value).toBe("Implied tags page title");
    expect(result.check("understanding.headings").status).toBe("pass");
    expect(result.text).toContain("Body text here.");
  });
});
