import { describe, expect, it } from "vitest";
import { dollars, keyValues, marked, plural, table, usd, when } from "../src/format.js";

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
});
