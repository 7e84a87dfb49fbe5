import { describe, expect, it } from "vitest";
import { analyze, page } from "./analyze.js";

const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;
const check = (head: string) => analyze(page({ head })).check("understanding.structured_data");

describe("JSON-LD", () => {
  it("fails a block that is not valid JSON, with the parser's error", () => {
    const result = check(
      ld('{"@context":"https://schema.org","@type":"Article","headline":"Hi",}') +
        ld('{"@type":"Organization","name":"Acme"}'),
    );
    expect(result.status).toBe("fail");
    expect(result.severity).toBe("high");
    expect(result.summary).toBe("1 of 2 JSON-LD blocks are not valid JSON, so engines ignore it.");
    expect(result.evidence[0]?.label).toBe("block 1 error");
    expect(result.evidence[0]?.value).toMatch(/JSON/);
    expect(result.evidence).toContainEqual({ label: "types", value: "Organization" });
  });

  it("fails an empty block", () => {
    expect(check(ld("   ")).evidence[0]).toEqual({
      label: "block 1 error",
      value: "the block is empty",
    });
  });

  it("warns without JSON-LD or with only types that say little", () => {
    expect(check("")).toMatchObject({
      status: "warn",
      summary: "The page has no JSON-LD structured data.",
    });
    expect(check(ld('{"@type":["WebSite","WebPage"]}')).summary).toBe(
      "The JSON-LD declares only WebSite, WebPage, none of the types engines use to understand a page.",
    );
  });

  it("finds types in @graph, nested objects and full schema.org URLs, tolerating a comment wrapper", () => {
    const result = check(
      ld(
        '<!-- {"@graph":[{"@type":"http://schema.org/MedicalWebPage","about":{"@type":"MedicalCondition"}},{"@type":"BreadcrumbList"}]} -->',
      ),
    );
    expect(result.status).toBe("pass");
    expect(result.evidence).toContainEqual({
      label: "types that matter",
      value: "MedicalWebPage, MedicalCondition, BreadcrumbList",
    });
  });
});
