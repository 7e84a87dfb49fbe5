import { describe, expect, it } from "vitest";
import { MAX_USED_SOURCES, usedNotCited } from "../../../src/engines/connectors/citations.js";

describe("sources read and not cited", () => {
  it("leave out the cited pages, compared as the analysis normalises URLs", () => {
    const cited = [{ url: "https://runner.example/teams?utm_source=openai", title: "Runner" }];
    expect(
      usedNotCited(
        [
          { url: "https://www.runner.example/teams" },
          { url: "https://initech.io/pricing", title: "Initech pricing" },
          { url: "https://initech.io/pricing" },
        ],
        cited,
      ),
    ).toEqual([{ url: "https://initech.io/pricing", title: "Initech pricing" }]);
  });

  it("keep at most 50", () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ url: `https://s${i}.example/` }));
    expect(usedNotCited(many, [])).toHaveLength(MAX_USED_SOURCES);
  });
});
