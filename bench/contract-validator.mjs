// Contract validator cost: milliseconds to validate one request (and its
// response) per operation of the contract, the first time (the operation's
// schemas compile) and again (compiled), on a bare Express app with the
// server's validator (apps/server/dist/http/contract-validator.js, response
// validation on, as in tests). Each test server of a worker shares one
// validator (src/test-support/shared-contract-validator.ts), so the first
// pass is paid once per worker; the validator's patch keeps the document out
// of what ajv walks when it compiles a schema (before it: ~14 s for the first
// pass on the 2-core machine).
//
//   pnpm exec turbo run build && node bench/contract-validator.mjs [--passes 3]
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { passes: { type: "string", default: "3" } } });
const serverDir = new URL("../apps/server/", import.meta.url);
const requireFromServer = createRequire(new URL("package.json", serverDir));
const express = requireFromServer("express");
// The contract as the server loads it (the package's ESM entry, next to its package.json).
const apiTypes = new URL(
  ".",
  `file://${requireFromServer.resolve("@geopulse/api-types/package.json")}`,
);
const { loadOpenApiDocument } = await import(new URL("dist/esm/openapi-document.js", apiTypes));
const { contractValidator } = await import(new URL("dist/http/contract-validator.js", serverDir));

const document = loadOpenApiDocument();
const methods = ["get", "post", "put", "patch", "delete"];
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  methods
    .filter((method) => item[method])
    .map((method) => ({
      method,
      // Any value in every path parameter: the request is checked, whatever its verdict.
      path: path.replace(/\{[^}]+\}/g, "x1"),
      body: item[method].requestBody ? "{}" : undefined,
    })),
);

const app = express();
app.set("case sensitive routing", true);
app.set("strict routing", true);
app.use(express.json());
app.use(contractValidator({ openApiDocument: document, validateResponses: true }));
app.use((_req, res) => res.status(200).json({}));
app.use((_error, _req, res, _next) => res.status(400).end());
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

for (let pass = 1; pass <= Number(args.passes); pass++) {
  const started = performance.now();
  for (const { method, path, body } of operations) {
    const response = await fetch(`${base}${path}`, {
      method: method.toUpperCase(),
      headers: body ? { "content-type": "application/json" } : {},
      body,
    });
    await response.arrayBuffer();
  }
  const ms = performance.now() - started;
  console.log(
    `pass ${pass}: ${operations.length} operations in ${ms.toFixed(0)} ms (${(ms / operations.length).toFixed(2)} ms each)${pass === 1 ? ", schemas compiled" : ""}`,
  );
}
server.close();
