import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";

/** Fragments of markup, well-formed or not, put together at random. */
const fragment = fc.oneof(
  fc.constantFrom(
    "<html>",
    "<head>",
    "<body>",
    "</body>",
    "<title>",
    "</title>",
    "<h1>",
    "<h3>",
    "</h1>",
    "<p>",
    "</p>",
    "<div id=root>",
    "</div>",
    "<ul><li>",
    "</li></ul>",
    "<table><tr><td>",
    "</td><td>",
    "</td></tr></table>",
    "<script>globalThis.__ran = 1</script>",
    '<script type="application/ld+json">{"@type":',
    "</script>",
    "<style>",
    "<!--",
    "-->",
    "<![CDATA[",
    '<a href="javascript:alert(1)">',
    '<a href="https://x.example/(a)">',
    "</a>",
    '<img src=x onerror="globalThis.__ran = 2">',
    "&lt;script&gt;",
    "&amp;",
    "<noscript>enable JavaScript</noscript>",
    '<meta name="description" content="',
    '<link rel="canonical" href="',
    '">',
    "<time datetime=2020-01-01>",
    "Acme",
    "Globex",
    "*",
    "_",
    "|",
    "#",
    "\n",
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ maxLength: 10, unit: "binary" }),
);

describe("hostile input", () => {
  it("never throws, never runs a script and never emits raw HTML", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 60 }), (parts) => {
        const result = analyze(parts.join(""));
        expect(result.checks).toHaveLength(15);
        expect(result.markdown).not.toMatch(/(^|[^\\])<[a-z/!?]/im);
        expect((globalThis as Record<string, unknown>).__ran).toBeUndefined();
      }),
      { numRuns: 200, seed: 16 },
    );
  });
});
