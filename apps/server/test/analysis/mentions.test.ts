import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAnswerAnalyzer } from "../../src/analysis/analyze-answer.js";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { analyze, counts, entity, subject } from "./analysis-fixtures.js";

const acme = entity("self", "Acme", { isSelf: true, domains: ["acme.com"] });
const s = subject([acme]);

describe("mentions: word boundaries", () => {
  it.each([
    ["Acme is great.", 1],
    ["Acmedia is a different company.", 0],
    ["MegaAcme is not it either.", 0],
    ["Acme's pricing is fair.", 1],
    ["Acme’s pricing is fair.", 1],
    ["Try Acme, Acme; Acme: (Acme) and Acme!", 5],
    ["**Acme** leads the pack.", 1],
    ["The Acme-based setup works.", 1],
    ["ACME and acme and AcMe.", 3],
    ["Acme2 is a product name.", 0],
    ["Visit acme.com today.", 1],
  ])("%s -> %i", (text, n) => {
    expect(counts(analyze(s, text)).self ?? 0).toBe(n);
  });

  it("needs a boundary only where the name starts or ends with a letter or digit", () => {
    const cpp = subject([entity("cpp", "C++"), entity("net", ".NET")]);
    expect(counts(analyze(cpp, "C++, .NET and C++x are languages; ASP.NET too."))).toEqual({
      cpp: 2,
      net: 2,
    });
  });

  it("does not read names inside URLs (a link is a citation, not a mention)", () => {
    const a = analyze(
      s,
      "See [the docs](https://acme.com/acme-guide) and https://g2.com/products/acme.",
    );
    expect(a.mentions).toEqual([]);
    expect(a.citations.map((c) => c.host)).toEqual(["acme.com", "g2.com"]);
  });

  it("reads a markdown link label as text", () => {
    expect(counts(analyze(s, "Sources: [Acme](https://acme.com/pricing)."))).toEqual({ self: 1 });
  });
});

describe("mentions: accents, case and elision", () => {
  const cafe = subject([entity("cafe", "Café Olé"), entity("nino", "Niño")]);

  it("folds case and accents both ways, keeping original offsets", () => {
    const text = "Ya probé cafe ole, CAFÉ OLÉ y Cafe\u0301 Ole\u0301; nino y NIÑO.";
    const a = analyze(cafe, text, { language: "es" });
    expect(counts(a)).toEqual({ cafe: 3, nino: 2 });
    const first = a.mentions.find((m) => m.entityId === "cafe");
    expect(text.slice(first?.firstOffset, (first?.firstOffset ?? 0) + 8)).toBe("cafe ole");
  });

  it("keeps UTF-16 offsets right after astral characters and decomposed accents", () => {
    const text = "🚀 E\u0301te\u0301 — Acme";
    const a = analyze(s, text);
    expect(a.mentions[0]?.firstOffset).toBe(text.indexOf("Acme"));
  });

  it.each([
    ["ca", "Molts usuaris parlen bé de l'Acme i d’Acme."],
    ["fr", "L'Acme est connu ; on parle souvent d'Acme et qu’Acme."],
  ])("matches after an elided article or preposition (%s)", (language, text) => {
    const expected = (text.match(/Acme/g) ?? []).length;
    expect(counts(analyze(s, text, { language })).self).toBe(expected);
  });
});

describe("mentions: overlapping names and aliases", () => {
  const cloud = subject([
    entity("self", "Acme", { isSelf: true }),
    entity("cloud", "Acme Cloud", { aliases: ["AcmeCloud"] }),
    entity("globex", "Globex", { aliases: ["Globex Corporation", "GBX"] }),
  ]);

  it("prefers the longest name at the same place", () => {
    const a = analyze(cloud, "Acme Cloud and AcmeCloud differ from Acme. Acme Clouds is neither.");
    expect(counts(a)).toEqual({ cloud: 2, self: 2 });
  });

  it("counts aliases for their entity, without double counting a longer alias", () => {
    const a = analyze(cloud, "Globex Corporation (GBX), also known as Globex.");
    expect(counts(a)).toEqual({ globex: 3 });
  });

  it("gives a spelling shared by two entities to the first (the brand first)", () => {
    const shared = subject([
      entity("rival", "Rival", { aliases: ["Shared"] }),
      entity("self", "Brand", { isSelf: true, aliases: ["Shared"] }),
    ]);
    expect(counts(analyze(shared, "Shared is mentioned."))).toEqual({ self: 1 });
  });
});

describe("mentions: counts, offsets and ranks", () => {
  const three = subject([
    entity("self", "Acme", { isSelf: true }),
    entity("globex", "Globex"),
    entity("initech", "Initech"),
    entity("hooli", "Hooli"),
  ]);

  it("ranks mentioned entities by first offset and counts every occurrence", () => {
    const text = "Globex leads. Acme follows Globex. Initech trails Acme and Globex.";
    const a = analyze(three, text);
    expect(a.version).toBe(ANALYSIS_VERSION);
    expect(
      a.mentions.map(({ entityId, count, firstOffset, rank, isSelf }) => ({
        entityId,
        count,
        firstOffset,
        rank,
        isSelf,
      })),
    ).toEqual([
      { entityId: "globex", count: 3, firstOffset: 0, rank: 1, isSelf: false },
      { entityId: "self", count: 2, firstOffset: text.indexOf("Acme"), rank: 2, isSelf: true },
      {
        entityId: "initech",
        count: 1,
        firstOffset: text.indexOf("Initech"),
        rank: 3,
        isSelf: false,
      },
    ]);
  });

  it("returns no mentions for an empty answer", () => {
    expect(analyze(three, "")).toEqual({ version: ANALYSIS_VERSION, mentions: [], citations: [] });
  });

  it("reuses one analyzer across many answers", () => {
    const analyzer = createAnswerAnalyzer(three);
    const input = (answer: string) => ({ answer, citations: [], language: "en" });
    expect(counts(analyzer(input("Hooli.")))).toEqual({ hooli: 1 });
    expect(counts(analyzer(input("Initech and Acme.")))).toEqual({ initech: 1, self: 1 });
  });
});

describe("mentions: offsets under folding (property)", () => {
  const piece = fc.constantFrom(
    "é",
    "e\u0301",
    "ß",
    "İ",
    "😀",
    "’",
    "\n",
    "\u00a0",
    "x",
    " ",
    ".",
    "Ç",
    "ǅ",
  );
  it("finds a name inserted anywhere at its original offset", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.array(piece, { maxLength: 30 }),
        (before, after) => {
          const head = `${before.join("")} `;
          const text = `${head}Acme ${after.join("")}`;
          const [m] = analyze(s, text).mentions;
          expect(m).toMatchObject({ entityId: "self", count: 1, firstOffset: head.length });
        },
      ),
      { numRuns: 200 },
    );
  });
});
