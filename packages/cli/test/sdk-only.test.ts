import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../src/", import.meta.url));
const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) =>
  f.endsWith(".ts"),
);

describe("the CLI uses the SDK only", () => {
  it("calls no raw route and builds no path by hand", () => {
    const offenders = files.filter((file) =>
      /\.raw\b|\bunwrap\(|["'`]\/api\/v1\//.test(readFileSync(join(src, file), "utf8")),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
