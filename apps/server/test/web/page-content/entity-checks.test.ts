import { describe, expect, it } from "vitest";
import { analyze, page } from "./analyze.js";

const body = (text: string) =>
  page({ head: "<title>Project tools compared</title>", body: `<main>${text}</main>` });

describe("brand named", () => {
  it("fails a page that never names the brand (a word containing it does not count)", () => {
    const check = analyze(body("<p>Acmedia and acmes are other words. Globex leads.</p>")).check(
      "entity.brand_name",
    );
    expect(check).toMatchObject({
      status: "fail",
      severity: "high",
      summary: "The page never names Acme.",
    });
  });

  it("warns when the brand is mostly written another way", () => {
    const check = analyze(
      body("<p>ACME is great. We love ACME's tools. Try acme today. Acme works.</p>"),
    ).check("entity.brand_name");
    expect(check.status).toBe("warn");
    expect(check.summary).toBe('The page names the brand 4 times, but only 1 as "Acme".');
    expect(check.evidence).toContainEqual({
      label: "spellings",
      value: "ACME (2), Acme (1), acme (1)",
    });
    expect(check.evidence).toContainEqual({ label: "sentence", value: "ACME is great." });
  });

  it("measures a lower-case brand (a slug) against the page's most frequent spelling", () => {
    const consistent = analyze(body("<p>Acme is great. We love Acme's tools. Try ACME.</p>"), {
      brand: "acme",
    }).check("entity.brand_name");
    expect(consistent).toMatchObject({
      status: "pass",
      summary: "The page names Acme 3 times, 2 as written.",
    });
    const mixed = analyze(body("<p>ACME, Acme and acme are all here.</p>"), {
      brand: "acme",
    }).check("entity.brand_name");
    expect(mixed.status).toBe("warn");
  });

  it("does not count a competitor's longer name that starts with the brand", () => {
    const check = analyze(body("<p>Acme Cloud is a different company.</p>"), {
      competitors: [{ name: "Acme Cloud" }],
    }).check("entity.brand_name");
    expect(check.status).toBe("fail");
  });

  it("is not applicable without a brand", () => {
    expect(analyze(body("<p>Text.</p>"), { brand: " " }).check("entity.brand_name").status).toBe(
      "not_applicable",
    );
  });
});

describe("brand domains", () => {
  it("passes a page on the brand's domain", () => {
    expect(analyze(body("<p>Hi.</p>")).check("entity.brand_domains").summary).toBe(
      "The page is on acme.example, one of the brand's domains.",
    );
  });

  it("passes a third-party page that links to the brand's site", () => {
    const check = analyze(body('<p>See <a href="https://shop.acme.example/x">Acme</a>.</p>'), {
      url: "https://reviews.example/acme",
    }).check("entity.brand_domains");
    expect(check.status).toBe("pass");
    expect(check.evidence).toContainEqual({ label: "link", value: "https://shop.acme.example/x" });
  });

  it("warns when the domain is only written, or absent", () => {
    const other = {
      url: "https://reviews.example/acme",
      brandDomains: ["https://www.Acme.example/"],
    };
    expect(
      analyze(body("<p>Visit acme.example for more.</p>"), other).check("entity.brand_domains")
        .summary,
    ).toBe("The page writes acme.example but never links to it.");
    expect(
      analyze(body("<p>Nothing here.</p>"), other).check("entity.brand_domains"),
    ).toMatchObject({
      status: "warn",
      fix: "Link to https://acme.example/ where the brand is named, so engines connect the page to the brand's site.",
    });
    expect(
      analyze(body("<p>x</p>"), { brandDomains: [] }).check("entity.brand_domains").status,
    ).toBe("not_applicable");
  });
});

describe("competitors named", () => {
  it("lists each competitor named, by name or alias, with trimmed sentences", () => {
    const long = `Initech Corp ${"is a very large company with offices everywhere ".repeat(8)}and ends here.`;
    const check = analyze(
      body(
        `<p>Globex is cheaper than Acme. Many teams pick GLOBEX for price.</p><p>${long}</p><p>Initechs is not a name.</p>`,
      ),
    ).check("entity.competitors");
    expect(check.status).toBe("info");
    expect(check.summary).toBe(
      "The page names 2 of the 2 tracked competitors: Globex (2), Initech (1).",
    );
    expect(check.evidence.map((e) => e.label)).toEqual(["Globex", "Globex", "Initech"]);
    expect(check.evidence[0]?.value).toBe("Globex is cheaper than Acme.");
    const trimmed = check.evidence[2]?.value ?? "";
    expect(trimmed.startsWith("Initech Corp is a very large company")).toBe(true);
    expect(trimmed.endsWith("…")).toBe(true);
    expect(trimmed.length).toBeLessThanOrEqual(242);
  });

  it("gives a spelling shared with the brand to the brand, and informs when none is named", () => {
    const check = analyze(body("<p>Acme is here.</p>"), { competitors: [{ name: "ACME" }] }).check(
      "entity.competitors",
    );
    expect(check.summary).toBe("The page names none of the 1 tracked competitors.");
    expect(analyze(body("<p>x</p>"), { competitors: [] }).check("entity.competitors").status).toBe(
      "not_applicable",
    );
  });
});
