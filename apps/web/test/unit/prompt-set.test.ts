import { describe, expect, it } from "vitest";
import {
  categoryLabel,
  dailyCron,
  describeImport,
  importBody,
  timeOfDailyCron,
} from "../../src/prompt-set";

describe("importBody", () => {
  it("sends pasted lines as JSON prompts, one per non-empty line", () => {
    expect(importBody("  best crm \n\nacme vs globex\r\n", "comparison", "en")).toEqual({
      kind: "json",
      prompts: [
        { text: "best crm", category: "comparison", language: "en" },
        { text: "acme vs globex", category: "comparison", language: "en" },
      ],
    });
  });

  it("sends a file with the CSV header as CSV, untouched", () => {
    const csv = "text,category,language,region,tags,active\nbest crm,discovery,en,,,\n";
    expect(importBody(csv, "discovery", "en")).toEqual({ kind: "csv", csv });
  });
});

describe("describeImport", () => {
  it("says what was imported, skipped and stored inactive", () => {
    expect(describeImport({ created: 2, skipped: 1, deactivated: 0, errors: 0 })).toBe(
      "2 imported, 1 skipped as repeats.",
    );
    expect(describeImport({ created: 3, skipped: 0, deactivated: 1, errors: 0 })).toContain(
      "1 stored inactive",
    );
  });
});

describe("daily schedule times", () => {
  it("turns a local time into a daily cron expression and back", () => {
    expect(dailyCron("06:30")).toBe("30 6 * * *");
    expect(timeOfDailyCron("30 6 * * *")).toBe("06:30");
    expect(timeOfDailyCron("0 6 * * 1")).toBeNull();
    expect(timeOfDailyCron(null)).toBeNull();
  });
});

it("names categories in words", () => {
  expect(categoryLabel("problem_solution")).toBe("Problem and solution");
  expect(categoryLabel("other")).toBe("other");
});
