import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  dollars,
  jsonText,
  keyValues,
  marked,
  plural,
  printable,
  table,
  usd,
  when,
} from "../src/format.js";

describe("formatters", () => {
  it("usd shows micro-USD as dollars: two decimals, exact under a cent", () => {
    expect(usd(1_000_000)).toBe("$1.00");
    expect(usd(2_500_000)).toBe("$2.50");
    expect(usd(1_234)).toBe("$0.001234");
    expect(usd(-500_000)).toBe("-$0.50");
    expect(usd(1_234_567_000_000)).toBe("$1,234,567.00");
    expect(usd(0)).toBe("$0.00");
    // One format for every amount: a balance of $5.998 reads like the $0.00 held next to it.
    expect(usd(5_998_000)).toBe("$6.00");
    expect(usd(5_994_999)).toBe("$5.99");
    expect(usd(10_000)).toBe("$0.01");
    expect(usd(9_999)).toBe("$0.009999");
    expect(usd(-1_230)).toBe("-$0.00123");
    expect(dollars(0.0123)).toBe("$0.01");
    expect(plural(1, "engine")).toBe("1 engine");
    expect(plural(2, "engine")).toBe("2 engines");
    expect(marked("simulated", true)).toBe("simulated*");
  });

  it("table aligns columns under an upper-case header", () => {
    expect(
      table(
        ["slug", "role"],
        [
          ["acme", null],
          ["a", "owner"],
        ],
      ),
    ).toBe("SLUG  ROLE\nacme  -\na     owner");
  });

  it("keyValues pads labels; when shortens timestamps", () => {
    expect(
      keyValues([
        ["A", 1],
        ["Long", "x"],
      ]),
    ).toBe("A     1\nLong  x");
    expect(when("2025-01-31T14:05:59.123Z")).toBe("2025-01-31 14:05Z");
    expect(when(null)).toBe("-");
  });

  it("printable replaces C0 (but newline and tab), DEL and C1 controls with U+FFFD", () => {
    expect(printable("a\u001b[2Jb\u0007c\rd\u007fe\u0085f\u009b1m\tg\nh")).toBe(
      "a\uFFFD[2Jb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFD1m\tg\nh",
    );
    expect(printable("one\r\ntwo\r\n")).toBe("one\ntwo\n");
    expect(printable("Zürich – 東京 ✓")).toBe("Zürich – 東京 ✓");
  });

  it("table cells are one line: controls, newlines and tabs become U+FFFD", () => {
    expect(table(["name", "n"], [["a\nb\tc\u001b[K", 1]])).toBe(
      "NAME      N\na\uFFFDb\uFFFDc\uFFFD[K  1",
    );
  });

  it("jsonText escapes DEL and C1 controls as well and parses back exactly", () => {
    const value = { text: "a\u001bb\u009bc\u007fd\u2028", n: 1 };
    const json = jsonText(value);
    expect(json).not.toMatch(/[^\P{Cc}\n]/u);
    expect(json).toContain("\\u009b");
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("every human output path goes through printable", () => {
  const src = fileURLToPath(new URL("../src/", import.meta.url));
  const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".ts"),
  );
  /**
   * The only files that write to stdout or stderr themselves: Context (out, info,
   * write, json), the program's help and error output, progress lines (their
   * text through printable) and fixed strings (bin's line clear, chat's "> "
   * prompt, a report downloaded to a pipe or as a PDF: the file as it is).
   */
  const writers = [
    "bin.ts",
    "commands/chat.ts",
    "commands/reports-get.ts",
    "context.ts",
    "job-progress.ts",
    "program.ts",
    "progress.ts",
    "run-progress.ts",
  ];

  it("no other file writes to a stream", () => {
    const direct = files.filter((file) =>
      /\b(stdout|stderr)\.write\(/.test(readFileSync(join(src, file), "utf8")),
    );
    expect(direct.map((f) => f.replaceAll("\\", "/")).sort()).toEqual(writers);
  });

  it("the writers that print text from the server filter it", () => {
    for (const file of [
      "context.ts",
      "job-progress.ts",
      "program.ts",
      "progress.ts",
      "run-progress.ts",
    ]) {
      expect(readFileSync(join(src, file), "utf8"), file).toMatch(/\bprintable\(/);
    }
  });
});
