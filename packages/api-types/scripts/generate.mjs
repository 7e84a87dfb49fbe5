// Regenerates everything derived from spec/openapi.yaml: the contract as JSON
// (served by the API and loaded by the validator), the TypeScript types, and a
// small runtime index of operations (for clients: which operations take an
// idempotency key).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { resolverFor } from "./resolve-ref.mjs";

const specPath = fileURLToPath(new URL("../../../spec/openapi.yaml", import.meta.url));
const outDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

const document = parse(readFileSync(specPath, "utf8"));
writeFileSync(`${outDir}openapi.json`, `${JSON.stringify(document, null, 2)}\n`);

execFileSync(
  "openapi-typescript",
  [specPath, "-o", `${outDir}schema.ts`, "--root-types", "--root-types-no-schema-prefix"],
  { stdio: ["ignore", "ignore", "inherit"] },
);

const resolve = resolverFor(document);
const operations = {};
for (const [path, item] of Object.entries(document.paths)) {
  for (const method of ["get", "post", "put", "patch", "delete"]) {
    const op = item[method];
    if (!op) continue;
    const body = resolve(op.requestBody?.content?.["application/json"]?.schema);
    const headers = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
    const idempotencyKey = body?.properties?.idempotencyKey
      ? "body"
      : headers.some((p) => p?.in === "header" && p.name.toLowerCase() === "idempotency-key")
        ? "header"
        : null;
    operations[op.operationId] = { method: method.toUpperCase(), path, idempotencyKey };
  }
}
writeFileSync(
  `${outDir}operations.ts`,
  `// Generated from spec/openapi.yaml by scripts/generate.mjs. Do not edit.\n\n` +
    `export const operations = ${JSON.stringify(operations, null, 2)} as const;\n`,
);
