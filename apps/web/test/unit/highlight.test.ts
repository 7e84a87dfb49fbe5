import { describe, expect, it } from "vitest";
import { splitMentions } from "../../src/highlight";

const terms = [
  { text: "Acme", entity: "acme", isSelf: true },
  { text: "Acme Cloud", entity: "acme", isSelf: true },
  { text: "Globex", entity: "Globex", isSelf: false },
];

describe("mentions in an answer", () => {
  it("finds whole-word mentions, longest first, case-insensitively", () => {
    expect(splitMentions("Try acme cloud or GLOBEX; not Acmeville.", terms)).toEqual([
      { kind: "text", text: "Try " },
      { kind: "mention", text: "acme cloud", entity: "acme", isSelf: true },
      { kind: "text", text: " or " },
      { kind: "mention", text: "GLOBEX", entity: "Globex", isSelf: false },
      { kind: "text", text: "; not Acmeville." },
    ]);
  });

  it("keeps markup as text and treats terms literally", () => {
    const segments = splitMentions('<img src=x onerror="alert(1)"> A.c.m.e Acme', [
      ...terms,
      { text: "A.c.m.e", entity: "dots", isSelf: false },
    ]);
    expect(segments.map((s) => s.text).join("")).toBe(
      '<img src=x onerror="alert(1)"> A.c.m.e Acme',
    );
    expect(segments.filter((s) => s.kind === "mention").map((s) => s.text)).toEqual([
      "A.c.m.e",
      "Acme",
    ]);
  });
});
