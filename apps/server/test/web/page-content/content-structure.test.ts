import { describe, expect, it } from "vitest";
import { analyze, page } from "./analyze.js";

const words = (n: number, word = "word") => Array.from({ length: n }, () => word).join(" ");
const article = (html: string) =>
  page({ head: "<title>Structure test page</title>", body: `<article>${html}</article>` });

describe("answer-first summary", () => {
  const answer = (html: string) => analyze(article(html)).check("understanding.answer_first");

  it("passes a short direct opening paragraph", () => {
    const check = answer(
      `<h1>What is Acme?</h1><p>Acme is a project tool for small teams that plans tasks and tracks time.</p><p>${words(120)}.</p>`,
    );
    expect(check.status).toBe("pass");
    expect(check.evidence).toContainEqual({ label: "words before it", value: "0" });
  });

  it("warns about a long opening, a late one, and a question", () => {
    expect(answer(`<p>${words(120)}.</p>`).summary).toBe(
      "The opening paragraph is 120 words long; a short direct answer is easier to quote.",
    );
    const items = Array.from({ length: 30 }, (_, i) => `<li>Item number ${i} here</li>`).join("");
    expect(
      answer(`<ul>${items}</ul><p>Acme is a project tool for small teams that plans tasks.</p>`)
        .summary,
    ).toBe("The first real paragraph comes after 120 words of other content.");
    expect(
      answer("<p>Have you ever wondered which project tool suits a small team best?</p>").summary,
    ).toBe("The opening paragraph asks a question instead of answering it.");
    expect(answer("<h2>Only</h2><h3>Headings</h3>").status).toBe("warn");
  });
});

describe("lists and tables", () => {
  it("warns about long content with neither, and does not score short content", () => {
    const long = analyze(article(`<p>${words(200)}.</p>`)).check("understanding.lists_tables");
    expect(long).toMatchObject({
      status: "warn",
      summary: "The main content has 200 words and no list or table.",
    });
    expect(analyze(article("<p>Short page.</p>")).check("understanding.lists_tables").status).toBe(
      "not_applicable",
    );
  });

  it("does not count a one-item list or a layout table", () => {
    const check = analyze(
      article(`<ul><li>Only one</li></ul><table><tr><td><p>${words(200)}.</p></td></tr></table>`),
    ).check("understanding.lists_tables");
    expect(check.status).toBe("warn");
  });
});

describe("outbound references", () => {
  const outbound = (html: string) =>
    analyze(article(`<p>${words(60)} ${html}.</p>`)).check("understanding.outbound_references");

  it("warns with no other site, or one that is not authoritative; own and brand links do not count", () => {
    expect(
      outbound('<a href="/x">own</a> <a href="https://blog.acme.example/y">brand</a>'),
    ).toMatchObject({
      status: "warn",
      summary: "The main content links to no other site to back its claims.",
    });
    expect(outbound('<a href="https://random-blog.example/post">a blog</a>').summary).toBe(
      "The main content links to one other site (random-blog.example) and no authoritative source.",
    );
  });

  it("passes with an authoritative source or two other sites", () => {
    expect(outbound('<a href="https://www.who.int/news">WHO</a>').status).toBe("pass");
    expect(outbound('<a href="https://data.gov.uk/x">UK data</a>').status).toBe("pass");
    expect(
      outbound('<a href="https://one.example/a">one</a> <a href="https://two.example/b">two</a>')
        .status,
    ).toBe("pass");
  });
});

describe("readability", () => {
  it("warns about long sentences and does not score little text", () => {
    const long = analyze(
      article(`<p>${words(40, "short")}. ${words(40, "short")}. ${words(40, "short")}.</p>`),
    ).check("understanding.readability");
    expect(long.status).toBe("warn");
    expect(long.summary).toBe("Sentences average 40 words; long sentences are hard to quote.");
    expect(
      analyze(article("<p>Too little text to score.</p>")).check("understanding.readability")
        .status,
    ).toBe("not_applicable");
  });

  it("warns about hard text", () => {
    const hard =
      "Institutional interoperability necessitates comprehensive organisational documentation.";
    const check = analyze(
      article(`<p>${Array.from({ length: 20 }, () => hard).join(" ")}</p>`),
    ).check("understanding.readability");
    expect(check.status).toBe("warn");
    expect(check.summary).toMatch(/^The text scores 0 on Flesch reading ease/);
  });
});
