// Regenerates everything derived from spec/openapi.yaml: the contract as JSON
// (served by the API and loaded by the validator), the TypeScript types, and a
// small runtime index of operations (for clients: which operations take an
// idempotency key), and the error codes with their statuses.
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

// The error codes of the contract (components/schemas/ErrorCode: one `const` per code, its
// status in `x-status`), as the table the server answers with and clients narrow on. The
// `satisfies` makes the compiler hold this table and the generated `ErrorCode` union equal.
const errorCodes = document.components.schemas.ErrorCode.oneOf.map((entry) => {
  const { const: code, "x-status": status, description } = entry;
  if (typeof code !== "string" || !/^[a-z][a-z0-9_]*$/.test(code)) {
    throw new Error(`ErrorCode: ${JSON.stringify(code)} is not a snake_case code`);
  }
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new Error(`ErrorCode ${code}: x-status must be an HTTP error status`);
  }
  if (typeof description !== "string" || description.trim() === "") {
    throw new Error(`ErrorCode ${code}: a description is required`);
  }
  return { code, status, description };
});
const duplicate = errorCodes.find(
  ({ code }, index) => errorCodes.findIndex((other) => other.code === code) !== index,
);
if (duplicate) throw new Error(`ErrorCode ${duplicate.code} is listed twice`);
writeFileSync(
  `${outDir}error-codes.ts`,
  `// Generated from spec/openapi.yaml (components/schemas/ErrorCode) by scripts/generate.mjs. Do not edit.\n\n` +
    `import type { ErrorCode } from "./schema.js";\n\n` +
    `/** The HTTP status of every error code of the contract. */\n` +
    `export const errorStatusByCode = {\n` +
    errorCodes
      .map(
        ({ code, status, description }) =>
          `  /** ${description.replaceAll("*/", "*\\/")} */\n  ${code}: ${status},\n`,
      )
      .join("") +
    `} as const satisfies Record<ErrorCode, number>;\n`,
);

// The values of the contract's named string enums (components/schemas with `type: string` and
// an `enum`), for clients that offer them as choices (the CLI's --engine, --surface). The
// `satisfies` holds each list equal to its generated union.
const enums = Object.entries(document.components.schemas)
  .filter(([, schema]) => schema.type === "string" && Array.isArray(schema.enum))
  .sort(([a], [b]) => (a < b ? -1 : 1));
writeFileSync(
  `${outDir}enums.ts`,
  `// Generated from spec/openapi.yaml (components/schemas' string enums) by scripts/generate.mjs. Do not edit.\n\n` +
    `import type { components } from "./schema.js";\n\n` +
    `type Schemas = components["schemas"];\n\n` +
    `/** Every value of each named string enum of the contract, in the contract's order. */\n` +
    `export const enumValues = {\n` +
    enums
      .map(
        ([name, schema]) =>
          `  ${name}: ${JSON.stringify(schema.enum)} as const satisfies readonly Schemas[${JSON.stringify(name)}][],\n`,
      )
      .join("") +
    `};\n`,
);
