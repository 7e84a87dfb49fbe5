import { describe, expect, it } from "vitest";
import { keyValues, table, usd, when } from "../src/format.js";

describe("formatters", () => {
  it("usd shows micro-USD as dollars without losing precision", () => {
    expect(usd(1_000_000)).toBe("$1.00");
    expect(usd(2_500_000)).toBe("$2.50");
    expect(usd(1_234)).toBe("$0.001234");
    expect(usd(-500_000)).toBe("-$0.50");
    expect(usd(1_234_567_000_000)).toBe("$1,234,567.00");
    expect(usd(0)).toBe("$0.00");
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
});
