import { describe, expect, it } from "vitest";
import { CONTEXT_WINDOW_WORDS } from "../../src/analysis/disambiguate.js";
import { analyze, counts, entity, subject } from "./analysis-fixtures.js";

const apple = entity("apple", "Apple", { ambiguous: true, domains: ["apple.com"] });
const samsung = entity("samsung", "Samsung", { domains: ["samsung.com"] });
const phones = subject(
  [entity("self", "Fairphone", { isSelf: true }), apple, samsung],
  ["smartphone", "phone"],
);

const notion = entity("notion", "Notion", { ambiguous: true, domains: ["notion.so"] });
const notes = subject(
  [entity("self", "Acme Notes", { isSelf: true }), notion, entity("evernote", "Evernote")],
  ["note-taking app", "workspace"],
);

describe("ambiguous entities", () => {
  it.each([
    [phones, "An apple a day keeps the doctor away.", {}],
    [phones, "Apple pie is a classic dessert.", {}],
    [phones, "Apple and Samsung phones dominate the market.", { apple: 1, samsung: 1 }],
    [phones, "Apple makes a popular smartphone.", { apple: 1 }],
    [phones, "Apple phones are popular, but an apple is a fruit.", { apple: 1 }],
    [phones, "I ate an apple. Samsung phones are popular.", { samsung: 1 }],
    [notes, "The notion of quality matters in a note-taking app.", {}],
    [notes, "Notion is a flexible workspace for teams.", { notion: 1 }],
    [notes, "Notion (notion.so) is flexible.", { notion: 2 }],
    [notes, "Notion is great.", {}],
    [notes, "Compare Notion with Evernote.", { notion: 1, evernote: 1 }],
    [notes, "NOTION and Evernote.", { notion: 1, evernote: 1 }],
  ])("%#: %s", (s, text, expected) => {
    expect(counts(analyze(s, text))).toEqual(expected);
  });

  it("counts every occurrence once a domain of the entity is cited", () => {
    const a = analyze(notes, "Notion is great. The notion of blocks is neat.", {
      citations: [{ url: "https://www.notion.so/product", title: null }],
    });
    expect(counts(a)).toEqual({ notion: 2 });
    expect(a.citations[0]).toMatchObject({ entityId: "notion", taxonomy: "competitor" });
  });

  it("counts a domain written as a link in the text as evidence", () => {
    const a = analyze(notes, "Notion is great ([docs](https://developers.notion.so/reference)).");
    expect(counts(a)).toEqual({ notion: 1 });
  });

  it(`needs the context within ${CONTEXT_WINDOW_WORDS} words in the same sentence`, () => {
    const near = `Apple ${"word ".repeat(CONTEXT_WINDOW_WORDS)}smartphone.`;
    const far = `Apple ${"word ".repeat(CONTEXT_WINDOW_WORDS + 1)}smartphone.`;
    expect(counts(analyze(phones, near))).toEqual({ apple: 1 });
    expect(counts(analyze(phones, far))).toEqual({});
    expect(
      counts(analyze(phones, `smartphone ${"word ".repeat(CONTEXT_WINDOW_WORDS)}Apple.`)),
    ).toEqual({
      apple: 1,
    });
  });

  it("does not use another ambiguous entity as context", () => {
    const two = subject([apple, entity("orange", "Orange", { ambiguous: true })]);
    expect(counts(analyze(two, "Apple and Orange are both here."))).toEqual({});
  });

  it("does not use a category term inside the name itself", () => {
    const s = subject([entity("cloud", "Cloud Nine", { ambiguous: true })], ["cloud"]);
    expect(counts(analyze(s, "Cloud Nine is here."))).toEqual({});
    expect(counts(analyze(s, "Cloud Nine is a cloud provider."))).toEqual({ cloud: 1 });
  });

  it("accepts a lower-case spelling the entity itself uses", () => {
    const s = subject([entity("ebay", "eBay", { ambiguous: true })], ["marketplace"]);
    expect(counts(analyze(s, "eBay is a marketplace; ebay marketplace too."))).toEqual({ ebay: 1 });
  });
});
