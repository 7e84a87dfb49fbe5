import { describe, expect, it } from "vitest";
import { askerCountry } from "../../../src/engines/connectors/asker-country.js";

describe("the asker's country from a prompt's region", () => {
  it.each([
    ["es", "ES"],
    ["fr", "FR"],
    ["us", "US"],
    ["us-west", "US"],
    ["uk", "GB"],
    ["gb", "GB"],
  ])("%s is %s", (region, country) => {
    expect(askerCountry(region)).toBe(country);
  });

  it.each([
    ["eu-west"],
    ["eu"],
    ["latam"],
    ["zz"],
    ["aa"],
    ["un"],
    ["ac"],
    ["ea"],
    ["ic"],
    ["xk"],
    [""],
  ])("%s names no country", (region) => {
    expect(askerCountry(region)).toBeUndefined();
  });

  it("no region names no country", () => {
    expect(askerCountry(null)).toBeUndefined();
    expect(askerCountry(undefined)).toBeUndefined();
  });
});
