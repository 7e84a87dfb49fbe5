// Generates the SDK's resource-namespace table from the contract (the JSON that
// @geopulse/api-types generates from spec/openapi.yaml): every operation that an
// API key can call (its security allows `apiKey`) or that needs no credentials
// gets a method, typed from the generated contract types.
//
// Naming (mechanical, so a new operation needs no hand-written code):
// - namespace: the first literal path segment after `/api/v1/` or after
//   `/api/v1/workspaces/{workspace}/`, camelCased (`prompt-suggestions` →
//   `promptSuggestions`), folded by `namespaceOf` below where one resource lives
//   under another's name (`scoreboard` → `metrics`, `profile`/`model` → `settings`).
// - method: the operationId without the namespace's nouns (singular or plural)
//   and the generic words `Workspace` and `Job(s)`: `listRunResponses` in `runs` →
//   `listResponses`, `getWorkspaceMetrics` in `metrics` → `get`. Two operations
//   that would get one name fail the generator (add them to `methodOverrides`).
// - arguments: the path parameters in path order, then the query (GET/DELETE) or
//   the JSON body (others); optional when nothing in it is required.
// - an operation paginates when it takes a `cursor` query parameter and answers
//   `{ data, nextCursor }`: its method returns an async iterator of items.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resolverFor } from "../../api-types/scripts/resolve-ref.mjs";

const contractPath = fileURLToPath(
  new URL("../../api-types/src/generated/openapi.json", import.meta.url),
);
const outPath = fileURLToPath(new URL("../src/generated/namespaces.ts", import.meta.url));
const document = JSON.parse(readFileSync(contractPath, "utf8"));

/**
 * Operations no SDK user calls: the payment provider's webhook, and the MCP server (MCP
 * clients speak JSON-RPC to it with the MCP SDK; docs/mcp.md).
 */
const excluded = new Set(["receiveStripeWebhook", "postMcpMessage"]);
const namespaceFolds = {
  health: "system",
  "openapi.json": "system",
  me: "auth",
  scoreboard: "metrics",
  profile: "settings",
  model: "settings",
};
/** Names the rules above cannot tell apart. */
const methodOverrides = { acceptPromptSuggestions: "acceptMany" };
const genericWords = new Set(["workspace", "job", "jobs"]);

const resolve = resolverFor(document);
const camel = (text) => text.replace(/[-_.]+(\w)/g, (_, c) => c.toUpperCase());
const words = (identifier) => identifier.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? [];
const singular = (word) => word.replace(/ies$/, "y").replace(/s$/, "");

function namespaceOf(path) {
  const segments = path.replace(/^\/api\/v1\//, "").split("/");
  const rest =
    segments[0] === "workspaces" && segments[1] === "{workspace}" && segments[2]
      ? segments.slice(2)
      : segments;
  const segment = rest[0];
  return namespaceFolds[segment] ?? camel(segment);
}

function methodOf(operationId, namespace) {
  if (methodOverrides[operationId]) return methodOverrides[operationId];
  const nouns = new Set(words(namespace).map((w) => singular(w.toLowerCase())));
  const [verb, ...rest] = words(operationId);
  const kept = rest.filter((w) => {
    const lower = w.toLowerCase();
    return !nouns.has(singular(lower)) && !genericWords.has(lower);
  });
  return [verb.toLowerCase(), ...kept].join("");
}

const keyCallable = (op) => {
  const security = op.security ?? document.security ?? [];
  return security.length === 0 || security.some((requirement) => "apiKey" in requirement);
};

const namespaces = {};
for (const [path, item] of Object.entries(document.paths)) {
  for (const method of ["get", "post", "put", "patch", "delete"]) {
    const op = item[method];
    if (!op || excluded.has(op.operationId) || !keyCallable(op)) continue;
    const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
    const query = parameters.filter((p) => p.in === "query");
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const okStatus = Object.keys(op.responses).find((status) => /^2\d\d$/.test(status));
    const okSchema = resolve(
      resolve(op.responses[okStatus])?.content?.["application/json"]?.schema,
    );
    const paginated =
      query.some((p) => p.name === "cursor") &&
      Boolean(okSchema?.properties?.data && okSchema.properties.nextCursor);
    const body = op.requestBody ? resolve(op.requestBody) : undefined;
    const bodySchema = resolve(body?.content?.["application/json"]?.schema);
    const input = body ? "body" : query.length > 0 ? "query" : null;
    const inputRequired =
      input === "body"
        ? Boolean(body.required)
        : query.some((p) => p.required && p.name !== "cursor");
    const namespace = namespaceOf(path);
    const name = methodOf(op.operationId, namespace);
    namespaces[namespace] ??= {};
    const clash = namespaces[namespace][name];
    if (clash) {
      throw new Error(
        `${op.operationId} and ${clash.operationId} both map to ${namespace}.${name}; add one to methodOverrides.`,
      );
    }
    namespaces[namespace][name] = {
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      pathParams,
      input,
      inputRequired,
      paginated,
      idempotencyKey: Boolean(bodySchema?.properties?.idempotencyKey),
      summary: op.summary ?? "",
      scopes: (op.security ?? []).flatMap((r) => r.apiKey ?? []),
    };
  }
}

const sorted = Object.fromEntries(
  Object.keys(namespaces)
    .sort()
    .map((ns) => [
      ns,
      Object.fromEntries(
        Object.keys(namespaces[ns])
          .sort()
          .map((m) => [m, namespaces[ns][m]]),
      ),
    ]),
);

function signature(name, spec) {
  const op = JSON.stringify(spec.operationId);
  const args = spec.pathParams.map((p) => `${p}: PathParam<${op}, ${JSON.stringify(p)}>`);
  if (spec.paginated) args.push(`options?: ListOptions<${op}>`);
  else if (spec.input === "body") args.push(`body${spec.inputRequired ? "" : "?"}: Body<${op}>`);
  else if (spec.input === "query") args.push(`query${spec.inputRequired ? "" : "?"}: Query<${op}>`);
  const result = spec.paginated ? `PagedList<${op}>` : `Promise<Result<${op}>>`;
  const scope = spec.scopes.length ? `; scope ${spec.scopes.join(", ")}` : "";
  const doc = `${spec.summary.replace(/\*\//g, "* /")} (\`${spec.operationId}\`: ${spec.method} ${spec.path}${scope})`;
  return `    /** ${doc} */\n    ${name}(${args.join(", ")}): ${result};`;
}

const table = Object.fromEntries(
  Object.entries(sorted).map(([ns, methods]) => [
    ns,
    Object.fromEntries(
      Object.entries(methods).map(([m, spec]) => [
        m,
        {
          operationId: spec.operationId,
          method: spec.method,
          path: spec.path,
          pathParams: spec.pathParams,
          input: spec.input,
          paginated: spec.paginated,
          idempotencyKey: spec.idempotencyKey,
        },
      ]),
    ),
  ]),
);

const interfaceBody = Object.entries(sorted)
  .map(
    ([ns, methods]) =>
      `  ${ns}: {\n${Object.entries(methods)
        .map(([m, spec]) => signature(m, spec))
        .join("\n")}\n  };`,
  )
  .join("\n");

writeFileSync(
  outPath,
  `// Generated from the contract by packages/sdk/scripts/generate.mjs. Do not edit.\n\n` +
    `import type { Body, ListOptions, PagedList, PathParam, Query, Result } from "../operation-types.js";\n\n` +
    `/** Every operation an API key can call, by namespace and method name. */\n` +
    `export const sdkOperations = ${JSON.stringify(table, null, 2)} as const;\n\n` +
    `/** The generated resource methods of the client. */\n` +
    `export interface GeneratedNamespaces {\n${interfaceBody}\n}\n`,
);
