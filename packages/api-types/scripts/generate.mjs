// Regenerates everything derived from spec/openapi.yaml: the contract as JSON
// (served by the API and loaded by the validator) and the TypeScript types.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const specPath = fileURLToPath(new URL("../../../spec/openapi.yaml", import.meta.url));
const outDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

const document = parse(readFileSync(specPath, "utf8"));
writeFileSync(`${outDir}openapi.json`, `${JSON.stringify(document, null, 2)}\n`);

execFileSync(
  "openapi-typescript",
  [specPath, "-o", `${outDir}schema.ts`, "--root-types", "--root-types-no-schema-prefix"],
  { stdio: ["ignore", "ignore", "inherit"] },
);
