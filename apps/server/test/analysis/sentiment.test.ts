import { describe, expect, it } from "vitest";
import { lexiconFor, scoreSentence } from "../../src/analysis/sentiment.js";
import { foldText } from "../../src/analysis/text-fold.js";
import { analyze, entity, subject } from "./analysis-fixtures.js";

const s = subject([entity("self", "Acme", { isSelf: true }), entity("globex", "Globex")]);
const sentimentOf = (text: string, language: string, id = "self") =>
  analyze(s, text, { language }).mentions.find((m) => m.entityId === id)?.sentiment;

describe("sentiment per language", () => {
  it.each([
    ["en", "Acme is widely praised for its clean interface.", "positive"],
    ["en", "Acme is not expensive and reviewers recommend it.", "positive"],
    ["en", "Acme isn't reliable.", "negative"],
    ["en", "Acme gets expensive as usage grows.", "negative"],
    ["en", "Acme is capable, but reviewers mention a steeper learning curve.", "negative"],
    ["en", "Acme offers a comparable feature set with flexible pricing tiers.", "neutral"],
    ["en", "Acme is good. Acme is slow.", "neutral"],
    ["es", "Muchos usuarios recomiendan Acme por su soporte fiable.", "positive"],
    ["es", "Acme no es caro.", "positive"],
    ["es", "Acme se encarece a medida que crece el uso.", "negative"],
    ["es", "Acme es potente, pero tiene una curva de aprendizaje pronunciada.", "negative"],
    ["es", "Acme no es fácil de usar.", "negative"],
    ["ca", "Acme destaca per una interfície clara i ràpida.", "positive"],
    ["ca", "Acme és excel·lent.", "positive"],
    ["ca", "Acme no és gens car.", "positive"],
    ["ca", "En alguns fòrums es critica Acme per la lentitud.", "negative"],
    ["ca", "Acme és potent, però té una corba d'aprenentatge pronunciada.", "negative"],
    ["fr", "Acme est souvent salué pour sa prise en main rapide.", "positive"],
    ["fr", "Acme n'est pas cher.", "positive"],
    ["fr", "Quelques discussions reprochent à Acme la lenteur de son service.", "negative"],
    ["fr", "Acme est puissant, mais la courbe d'apprentissage est raide.", "negative"],
    ["fr", "Acme propose des fonctionnalités comparables.", "neutral"],
  ])("%s: %s -> %s", (language, text, expected) => {
    expect(sentimentOf(text, language)).toBe(expected);
  });

  it("scores only the sentences that mention the entity", () => {
    const text = "Acme is excellent. Globex is slow and buggy.";
    expect(sentimentOf(text, "en", "self")).toBe("positive");
    expect(sentimentOf(text, "en", "globex")).toBe("negative");
  });

  it("never reads an entity name as a cue", () => {
    const bestBuy = subject([entity("bb", "Best Buy"), entity("bad", "Bad Robot")]);
    const a = analyze(bestBuy, "Best Buy sells devices. Bad Robot makes films.");
    expect(a.mentions.map((m) => m.sentiment)).toEqual(["neutral", "neutral"]);
  });

  it("resets negation at clause punctuation", () => {
    const en = lexiconFor("en");
    expect(scoreSentence(en, foldText("no, acme is great").text)).toBe(1);
    expect(scoreSentence(en, foldText("no acme is great").text)).toBe(-1);
  });

  it("uses the primary language subtag, and every lexicon for unknown languages", () => {
    expect(sentimentOf("Acme est excellent.", "fr-CA")).toBe("positive");
    expect(sentimentOf("Acme es excelente.", "de")).toBe("positive");
  });
});
