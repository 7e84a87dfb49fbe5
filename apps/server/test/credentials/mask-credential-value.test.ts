import { describe, expect, it } from "vitest";
import {
  FULL_MASK,
  maskCredentialValue,
} from "../../src/services/credentials/mask-credential-value.js";

describe("maskCredentialValue", () => {
  it.each([
    ["sk-abcdefghwxyz", "sk-…wxyz"],
    ["abcdefghijkl", "abc…ijkl"],
    ["ghp_0123456789abcdefghijklmnopqrstuvwxyz", "ghp…wxyz"],
  ])("shows the first 3 and last 4 characters of %s", (value, masked) => {
    expect(maskCredentialValue(value)).toBe(masked);
  });

  it.each(["a", "short", "abcdefghijk"])("hides a value shorter than 12 (%s) entirely", (value) => {
    expect(maskCredentialValue(value)).toBe(FULL_MASK);
    expect(FULL_MASK).toBe("••••");
  });

  it("does not reveal the length", () => {
    expect(maskCredentialValue("x".repeat(12))).toBe(maskCredentialValue(`${"x".repeat(500)}`));
  });

  it("counts code points, never splitting a surrogate pair", () => {
    const value = `😀😀😀${"a".repeat(5)}🔑🔑🔑🔑`;
    expect(maskCredentialValue(value)).toBe("😀😀😀…🔑🔑🔑🔑");
    expect(maskCredentialValue("🔑".repeat(11))).toBe(FULL_MASK);
  });
});
