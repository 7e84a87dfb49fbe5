import { describe, expect, it } from "vitest";
import {
  askerCountry,
  askerLanguage,
  askerLocale,
} from "../../../src/engines/connectors/asker-locale.js";

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

describe("the asker's language from a prompt's language", () => {
  it.each([
    ["es", "es"],
    ["fr", "fr"],
    ["ca", "ca"],
    ["EN", "en"],
    ["es-ES", "es"],
    ["pt_BR", "pt"],
  ])("%s is %s", (language, code) => {
    expect(askerLanguage(language)).toBe(code);
  });

  it.each([[""], ["spanish"], ["e"], [null], [undefined]])("%s names no language", (language) => {
    expect(askerLanguage(language)).toBeUndefined();
  });

  it("a prompt's context gives both", () => {
    expect(askerLocale({ region: "uk", language: "en" })).toEqual({
      country: "GB",
      language: "en",
    });
    expect(askerLocale({ region: null, language: "fr" })).toEqual({
      country: undefined,
      language: "fr",
    });
  });
});
