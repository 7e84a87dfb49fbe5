import { describe, expect, it } from "vitest";
import type { Stance } from "../../../src/analysis/types.js";
import { analyze, entity, subject } from "../analysis-fixtures.js";

const names = ["Acme", "Globex", "Initech", "Hooli"];
const s = subject(names.map((name, i) => entity(name.toLowerCase(), name, { isSelf: i === 0 })));

/** `{ Acme: "recommended", ... }` for the entities the answer names. */
function stances(text: string, language = "en"): Record<string, Stance> {
  const a = analyze(s, text, { language });
  return Object.fromEntries(
    a.mentions.map((m) => [names.find((n) => n.toLowerCase() === m.entityId), m.stance]),
  );
}

describe("mention stance", () => {
  it.each([
    [
      "a verdict for the entity after it",
      "For small teams I'd recommend Acme.",
      { Acme: "recommended" },
    ],
    [
      "a verdict for the entity before it",
      "Acme is the best choice for small teams.",
      { Acme: "recommended" },
    ],
    [
      "a negated recommendation discourages",
      "I wouldn't recommend Acme for a large office.",
      { Acme: "discouraged" },
    ],
    [
      "tone alone is no verdict",
      "Acme is popular, but it gets expensive as usage grows.",
      { Acme: "mentioned" },
    ],
    [
      "a reference point is only mentioned",
      "If Acme is too expensive, Globex is a better option than Acme.",
      { Acme: "mentioned", Globex: "recommended" },
    ],
    [
      "the verdict goes to its clause's entity",
      "Acme is popular, but Globex is the better choice.",
      { Acme: "mentioned", Globex: "recommended" },
    ],
    [
      "coordinated entities share it",
      "Acme and Globex are both solid picks.",
      { Acme: "recommended", Globex: "recommended" },
    ],
    ["a question judges nothing", "Is Acme worth it?", { Acme: "mentioned" }],
    [
      "a pronoun's antecedent",
      "Acme looks cheap. I'd avoid it for teams.",
      { Acme: "discouraged" },
    ],
    [
      "a list introduced as picks",
      "Here are the best options:\n\n1. **Acme** – fast.\n2. **Globex** – cheap.",
      { Acme: "recommended", Globex: "recommended" },
    ],
    [
      "a section of things to avoid",
      "## Best tools\n\n- **Acme**: fast\n\n## Tools to avoid\n\n- **Globex**: buggy",
      { Acme: "recommended", Globex: "discouraged" },
    ],
    [
      "an informational list",
      "Companies in this market include:\n\n- Acme, founded in 1990\n- Globex, a spin-off",
      { Acme: "mentioned", Globex: "mentioned" },
    ],
    ["a label line", "**Best for beginners:** Acme, with a guided setup.", { Acme: "recommended" }],
    [
      "the alternative after advice against",
      "Avoid Globex: support is slow. Acme answers within the hour.",
      { Acme: "recommended", Globex: "discouraged" },
    ],
    [
      "a product's name after its brand",
      "Skip the Acme X3 and buy the Globex Pro instead.",
      { Acme: "discouraged", Globex: "recommended" },
    ],
  ] as const)("%s", (_, text, expected) => {
    expect(stances(text)).toEqual(expected);
  });

  it.each([
    [
      "a comma between clauses is no list",
      "Avoid Globex, Acme is the best choice.",
      { Acme: "recommended", Globex: "discouraged" },
    ],
    [
      "a conditional's reference",
      "If you already pay for Globex, Acme is a good option.",
      { Acme: "recommended", Globex: "mentioned" },
    ],
    [
      "a label that is no pick",
      "Worth noting: Acme had an outage. Pricing options: Globex starts at $10.",
      { Acme: "mentioned", Globex: "mentioned" },
    ],
    [
      "a label starts at its sentence",
      "Acme is the top pick. One caveat: Globex needs a plugin.",
      { Acme: "recommended", Globex: "mentioned" },
    ],
    [
      "a question's label",
      "Which is the best option: Acme or Globex?",
      { Acme: "mentioned", Globex: "mentioned" },
    ],
    [
      "steps are no ranking",
      "Here's how to move from Acme:\n1. Export your data from Acme\n2. Import it",
      { Acme: "mentioned" },
    ],
    [
      "a verb cue's object",
      "If you have Globex I would avoid Acme.",
      { Acme: "discouraged", Globex: "mentioned" },
    ],
    [
      "a title-case heading keeps its words",
      "## Why Acme Isn't The Best Choice",
      { Acme: "discouraged" },
    ],
    [
      "no alternative in a like sentence",
      "Avoid Globex. Acme has the same problem.",
      { Acme: "mentioned", Globex: "discouraged" },
    ],
  ] as const)("%s", (_, text, expected) => {
    expect(stances(text)).toEqual(expected);
  });

  it.each([
    ["ca", "Si vas a Berlín t'aconsello Acme.", { Acme: "recommended" }],
    [
      "es",
      "Te recomiendo Acme. Evita Globex: cobra comisiones ocultas.",
      { Acme: "recommended", Globex: "discouraged" },
    ],
    [
      "ca",
      "No et recomanaria Globex. Acme és la millor opció per a tu.",
      { Acme: "recommended", Globex: "discouraged" },
    ],
    [
      "fr",
      "Je ne recommande pas Globex. Optez plutôt pour Acme.",
      { Acme: "recommended", Globex: "discouraged" },
    ],
  ] as const)("%s: %s", (language, text, expected) => {
    expect(stances(text, language)).toEqual(expected);
  });

  it("ranks the recommended entities in the order the answer recommends them", () => {
    const a = analyze(
      s,
      "Hooli is well known. The top picks:\n\n1. **Globex**\n2. **Initech**\n3. **Acme**\n\nAvoid Hooli.",
    );
    const rank = Object.fromEntries(a.mentions.map((m) => [m.entityId, m.recommendedRank]));
    expect(rank).toEqual({ hooli: null, globex: 1, initech: 2, acme: 3 });
  });

  it("reads an answer's first 200,000 characters for verdicts", () => {
    const filler = "Plain words here. ".repeat(12_000);
    expect(stances(`Go with Acme. ${filler} Avoid Globex.`)).toEqual({
      Acme: "recommended",
      Globex: "mentioned",
    });
  });

  // Answers are untrusted: each shape below would take minutes if any rule scanned the
  // answer (or its sentence, span, paragraph or list) once per cue, entity or line.
  it.each([
    ["one long span of names", `${"Acme, Globex and Initech: ".repeat(20_000)}avoid it.`],
    [
      "cues without entities in one paragraph",
      `Acme is here. ${"I would avoid it ".repeat(40_000)}`,
    ],
    [
      "cues before one long coordination",
      `${"recommend ".repeat(20_000)}${"Acme and Globex and ".repeat(10_000)}`,
    ],
    ["a very long list", `Best options:\n${"- **Acme** fast\n".repeat(30_000)}`],
    ["many sibling headings", `## Picks\n${"### Acme\nGood.\n".repeat(20_000)}`],
    ["many lines without a colon", `${"Acme is fine\n".repeat(40_000)}x:`],
    ["many discouraged entities", "Avoid Acme. Globex is fine. ".repeat(20_000)],
  ])("reads %s in linear time", (_, text) => {
    const started = performance.now();
    stances(text);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
