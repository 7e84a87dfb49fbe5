import { request as httpRequest } from "node:http";
import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import fc from "fast-check";
import type { Operation } from "../../src/http/operation-index.js";
import { allOperations } from "./operations.js";

/**
 * Requests generated from the contract's schemas and then made hostile, for the
 * fuzz test (test/http/fuzz-contract.test.ts) and its longer run
 * (bench/fuzz-contract.mjs). A case is plain data; `materialize` turns it into
 * bytes for a given workspace and credentials.
 */

type Schema = Record<string, any>;
const document = loadOpenApiDocument() as Schema;

function resolve(value: Schema): Schema {
  if (!value?.$ref) return value;
  const target = String(value.$ref)
    .replace(/^#\//, "")
    .split("/")
    .reduce<Schema>((node, key) => node[key], document);
  return resolve(target);
}

function specOf(operation: Operation): Schema {
  return document.paths[operation.pathTemplate][operation.method];
}

export function declaredStatuses(operation: Operation): string[] {
  return Object.keys(specOf(operation).responses ?? {});
}

export const allScopes: string[] = resolve(document.components.schemas.Scope).enum;

/** A value of roughly the schema's shape: mostly valid, sometimes not (which is fine). */
export function arbitraryFor(raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw ?? {});
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants))
    return fc.oneof(...variants.map((v: Schema) => arbitraryFor(v, depth)));
  if (Array.isArray(schema.allOf)) return arbitraryFor(schema.allOf[0], depth);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type: string) => arbitraryFor({ ...schema, type }, depth)));
  }
  switch (schema.type) {
    case "string":
      return stringFor(schema);
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      if (depth > 4) return fc.constant([]);
      return fc.array(arbitraryFor(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case "object":
    case undefined: {
      if (!schema.properties) return fc.jsonValue({ maxDepth: 2 });
      if (depth > 4) return fc.constant({});
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(schema.properties as Record<string, Schema>)) {
        shape[name] = arbitraryFor(property, depth + 1);
      }
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "date":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString());
    case "email":
      return fc.emailAddress();
    case "uri":
      return fc.webUrl();
  }
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, maxLength));
    } catch {
      // a pattern fast-check cannot generate from: any string will do
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength, unit: "grapheme" });
}

export type Credential = "session" | "key" | "none" | "both" | "malformedKey" | "unknownKey";

export interface FuzzCase {
  operation: number;
  hostile: string;
  credential: Credential;
  /** Path parameters, already percent-encoded; `{workspace}` is filled in later unless set. */
  path: Record<string, string>;
  /** Query pairs, already percent-encoded. */
  query: Array<[string, string]>;
  body: { contentType: string; text: string } | undefined;
  headers: Record<string, string>;
}

const hostileNumbers = [
  "Infinity",
  "-Infinity",
  "NaN",
  "1e400",
  "-1",
  "1.5",
  "-0",
  "0x1F",
  "",
  " 1",
  "9".repeat(30),
  "1e3",
];
const wrongTypes = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "text/csv",
  "application/json; charset=latin1",
  "application/octet-stream",
];
const malformedJson = [
  '{"a":',
  "{",
  "[1,2",
  '{"a":1}}',
  "nul",
  "'x'",
  "\u0000",
  '{"a":"\\x"}',
  "\uFEFF{",
];

/** Percent-encodes; a lone surrogate (stringMatching makes some) cannot be, so it becomes U+FFFD. */
const encode = (text: string) => encodeURIComponent(text.toWellFormed());
/** Puts `inserted` somewhere into `text`. */
const inject = (text: string, inserted: string, at: number) => {
  const index = text.length === 0 ? 0 : at % (text.length + 1);
  return `${text.slice(0, index)}${inserted}${text.slice(index)}`;
};

/** Replaces one string (a value or a key) somewhere in a JSON value by `change(string)`. */
function mutateOneString(value: unknown, pick: number, change: (text: string) => string): unknown {
  const copy = structuredClone(value);
  const slots: Array<() => void> = [];
  const walk = (node: unknown, replace: (next: unknown) => void): void => {
    if (typeof node === "string") {
      slots.push(() => replace(change(node)));
    } else if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        walk(node[index], (next) => {
          node[index] = next;
        });
      }
    } else if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        slots.push(() => {
          const renamed = change(key);
          record[renamed] = record[key];
          if (renamed !== key) delete record[key];
        });
        walk(record[key], (next) => {
          record[key] = next;
        });
      }
    }
  };
  let root: unknown = copy;
  walk(copy, (next) => {
    root = next;
  });
  const slot = slots[pick % Math.max(slots.length, 1)];
  if (!slot) return { x: change("x") };
  slot();
  return root;
}

function jsonBody(value: unknown) {
  return { contentType: "application/json", text: JSON.stringify(value) };
}

/** A fuzz case for one operation: a request from its schemas, then one hostile change. */
export function caseFor(operationNumber: number): fc.Arbitrary<FuzzCase> {
  const operation = allOperations[operationNumber] as Operation;
  const spec = specOf(operation);
  const parameters: Schema[] = [
    ...(document.paths[operation.pathTemplate].parameters ?? []),
    ...(spec.parameters ?? []),
  ].map(resolve);
  const pathParameters = parameters.filter((p) => p.in === "path" && p.name !== "workspace");
  const queryParameters = parameters.filter((p) => p.in === "query");
  const bodySchema = spec.requestBody?.content?.["application/json"]?.schema;

  const base = fc.record({
    credential: fc.constantFrom<Credential>("session", "session", "session", "key", "key"),
    path: fc.record(
      Object.fromEntries(
        pathParameters.map((p) => [
          p.name,
          arbitraryFor(p.schema).map((value) => encode(String(value) || "x")),
        ]),
      ),
    ),
    query: fc
      .subarray(queryParameters)
      .chain((chosen) =>
        fc.tuple(
          ...chosen.map((p) =>
            arbitraryFor(p.schema).map(
              (value) => [p.name, encode(String(value))] as [string, string],
            ),
          ),
        ),
      ),
    bodyValue: bodySchema ? arbitraryFor(bodySchema) : fc.constant(undefined),
    pick: fc.nat(),
  });

  return fc
    .tuple(
      base,
      fc.constantFrom(...hostileClasses),
      fc.constantFrom(...hostileNumbers),
      fc.constantFrom(...wrongTypes),
      fc.constantFrom(...malformedJson),
    )
    .map(([generated, hostile, number, wrongType, malformed]) => {
      const { pick, bodyValue } = generated;
      const fuzz: FuzzCase = {
        operation: operationNumber,
        hostile,
        credential: generated.credential,
        path: { ...generated.path },
        query: [...generated.query],
        body: bodyValue === undefined ? undefined : jsonBody(bodyValue),
        headers: {},
      };
      const names = Object.keys(fuzz.path);
      const someName = names[pick % Math.max(names.length, 1)];
      switch (hostile) {
        case "valid":
          break;
        case "nul-path":
          if (someName)
            fuzz.path[someName] =
              pick % 2 ? `${fuzz.path[someName]}%00` : `%00${fuzz.path[someName]}`;
          else fuzz.path.workspace = "ws%00x";
          break;
        case "bad-utf8-path":
          if (someName) fuzz.path[someName] = `${fuzz.path[someName]}%ED%A0%80`;
          else fuzz.path.workspace = "%C0%AF";
          break;
        case "nul-workspace":
          fuzz.path.workspace = `${"a".repeat(pick % 3)}%00`;
          break;
        case "nul-query": {
          const name = queryParameters[pick % Math.max(queryParameters.length, 1)]?.name ?? "q";
          fuzz.query.push([name, encode(`a\u0000b`)]);
          break;
        }
        case "number-query": {
          const name = queryParameters[pick % Math.max(queryParameters.length, 1)]?.name ?? "limit";
          fuzz.query = fuzz.query.filter(([key]) => key !== name);
          fuzz.query.push([name, encode(number)]);
          break;
        }
        case "unknown-query":
          fuzz.query.push([encode(`x\u0000${pick}`), "1"]);
          break;
        case "huge-query":
          fuzz.query.push([queryParameters[0]?.name ?? "q", "q".repeat(8000)]);
          break;
        case "nul-body":
          fuzz.body = jsonBody(
            mutateOneString(bodyValue ?? {}, pick, (text) => inject(text, "\u0000", pick)),
          );
          break;
        case "surrogate-body":
          fuzz.body = jsonBody(
            mutateOneString(bodyValue ?? {}, pick, (text) =>
              inject(text, pick % 2 ? "\udfff" : "\ud800", pick),
            ),
          );
          break;
        case "huge-string":
          fuzz.body = jsonBody(mutateOneString(bodyValue ?? {}, pick, () => "h".repeat(100_000)));
          break;
        case "huge-number-body":
          fuzz.body = {
            contentType: "application/json",
            text: JSON.stringify(mutateOneString(bodyValue ?? {}, pick, () => "@@N@@")).replace(
              '"@@N@@"',
              ["1e400", "-1e400", "123456789012345678901234567890", "-0", "1e-400"][
                pick % 5
              ] as string,
            ),
          };
          break;
        case "deep-json": {
          const levels = 10_000;
          fuzz.body = {
            contentType: "application/json",
            text:
              pick % 2
                ? `${"[".repeat(levels)}${"]".repeat(levels)}`
                : `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`,
          };
          break;
        }
        case "huge-body":
          fuzz.body = {
            contentType: "application/json",
            text: JSON.stringify({ big: "b".repeat(300_000) }),
          };
          break;
        case "wrong-content-type":
          fuzz.body = { contentType: wrongType, text: fuzz.body?.text ?? "a=b" };
          break;
        case "malformed-json":
          fuzz.body = { contentType: "application/json", text: malformed };
          break;
        case "oversized-header":
          fuzz.headers["x-padding"] = "p".repeat(27 * 1024);
          break;
        case "both-credentials":
          fuzz.credential = "both";
          break;
        case "malformed-key":
          fuzz.credential = "malformedKey";
          break;
        case "unknown-key":
          fuzz.credential = "unknownKey";
          break;
        case "no-credentials":
          fuzz.credential = "none";
          break;
      }
      return fuzz;
    });
}

export const hostileClasses = [
  "valid",
  "nul-path",
  "bad-utf8-path",
  "nul-workspace",
  "nul-query",
  "number-query",
  "unknown-query",
  "huge-query",
  "nul-body",
  "surrogate-body",
  "huge-string",
  "huge-number-body",
  "deep-json",
  "huge-body",
  "wrong-content-type",
  "malformed-json",
  "oversized-header",
  "both-credentials",
  "malformed-key",
  "unknown-key",
  "no-credentials",
] as const;

export interface FuzzTarget {
  url: string;
  slug: string;
  cookie: string;
  /** An API key of the workspace with every scope. */
  key: string;
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Materialized {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function materialize(fuzz: FuzzCase, target: FuzzTarget): Materialized {
  const operation = allOperations[fuzz.operation] as Operation;
  const values: Record<string, string> = { workspace: encode(target.slug), ...fuzz.path };
  const pathname = operation.pathTemplate.replace(
    /\{([^}]+)\}/g,
    (_m, name: string) => values[name] ?? "x",
  );
  const search = fuzz.query.map(([name, value]) => `${name}=${value}`).join("&");
  const headers: Record<string, string> = { ...fuzz.headers };
  const wellFormedUnknownKey = `gp_live_${"Q".repeat(43)}`;
  switch (fuzz.credential) {
    case "session":
      headers.cookie = target.cookie;
      break;
    case "key":
      headers.authorization = `Bearer ${target.key}`;
      break;
    case "both":
      headers.cookie = target.cookie;
      headers.authorization = `Bearer ${target.key}`;
      break;
    case "malformedKey":
      headers.authorization = "Bearer gp_live_short";
      break;
    case "unknownKey":
      headers.authorization = `Bearer ${wellFormedUnknownKey}`;
      break;
    case "none":
      break;
  }
  if (fuzz.body) headers["content-type"] = fuzz.body.contentType;
  return {
    method: operation.method.toUpperCase(),
    path: search ? `${pathname}?${search}` : pathname,
    headers,
    body: fuzz.body?.text,
  };
}

/** Sends exactly these bytes over HTTP/1.1 (fetch would refuse a GET body or rewrite some). */
export function send(url: string, request: Materialized): Promise<FuzzResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // Node frames a GET or DELETE body only when told its length.
    const headers =
      request.body === undefined
        ? request.headers
        : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) };
    const outgoing = httpRequest(
      {
        host: hostname,
        port: Number(port),
        method: request.method,
        path: request.path,
        headers,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

/** Statuses answered before any operation is matched (documented in the contract's info). */
const beforeMatching = new Set(["431"]);

/** What is wrong with an answer, by the rules every answer must keep; empty when fine. */
export function violationsOf(fuzz: FuzzCase, response: FuzzResponse): string[] {
  const operation = allOperations[fuzz.operation] as Operation;
  const problems: string[] = [];
  const status = String(response.status);
  const requestId = response.headers["x-request-id"];
  if (typeof requestId !== "string" || requestId.length === 0)
    problems.push("no X-Request-Id header");
  if (response.status === 500) problems.push("answered 500");
  if (!beforeMatching.has(status) && !declaredStatuses(operation).includes(status)) {
    problems.push(`status ${status} is not declared by ${operation.operationId}`);
  }
  if (response.status >= 400) {
    let body: any;
    try {
      body = JSON.parse(response.text);
    } catch {
      problems.push("error body is not JSON");
    }
    const error = body?.error;
    const keysOk =
      body &&
      Object.keys(body).join() === "error" &&
      Object.keys(error ?? {}).every((key) =>
        ["code", "message", "details", "requestId"].includes(key),
      );
    if (!keysOk || typeof error.code !== "string" || typeof error.message !== "string") {
      problems.push("error body is not the envelope");
    } else if (error.requestId !== requestId) {
      problems.push("envelope requestId differs from X-Request-Id");
    }
  }
  return problems;
}

export function describeCase(fuzz: FuzzCase, request: Materialized): string {
  const shown = (text: string | undefined) =>
    text === undefined
      ? ""
      : JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…(${text.length})` : text);
  const headerNames = Object.keys(request.headers).join(",");
  return `[${fuzz.hostile}/${fuzz.credential}] ${request.method} ${shown(request.path)} headers=${headerNames} body=${shown(request.body)}`;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  byStatus: Record<string, number>;
  byHostileClass: Record<string, Record<string, number>>;
  violations: string[];
  operationsCovered: number;
}

/** Sends `runs` generated cases to the target, one at a time, and tallies the answers. */
export async function runFuzz(options: {
  target: FuzzTarget;
  runs: number;
  seed: number;
  /** Called after each answer (e.g. to sign in again after a generated sign-out). */
  afterEach?: (fuzz: FuzzCase, response: FuzzResponse) => Promise<void>;
}): Promise<FuzzReport> {
  const { target, runs, seed } = options;
  const report: FuzzReport = {
    seed,
    runs,
    byStatus: {},
    byHostileClass: {},
    violations: [],
    operationsCovered: 0,
  };
  const covered = new Set<number>();
  // Rounds of every operation once, each round drawn lazily (bodies can be large).
  const round = fc.tuple(...allOperations.map((_operation, index) => caseFor(index)));
  for (let sent = 0, roundNumber = 0; sent < runs; roundNumber++) {
    // Distinct seeds never share rounds (seed 7's second round is not seed 8's first).
    const roundSeed = (seed * 1_000_003 + roundNumber) | 0;
    const [cases = []] = fc.sample(round, { numRuns: 1, seed: roundSeed });
    for (const fuzz of cases.slice(0, runs - sent)) {
      sent++;
      covered.add(fuzz.operation);
      const request = materialize(fuzz, target);
      let response: FuzzResponse;
      try {
        response = await send(target.url, request);
      } catch (error) {
        report.violations.push(`${describeCase(fuzz, request)}: no answer (${String(error)})`);
        continue;
      }
      const status = String(response.status);
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      report.byHostileClass[fuzz.hostile] ??= {};
      const perClass = report.byHostileClass[fuzz.hostile] as Record<string, number>;
      perClass[status] = (perClass[status] ?? 0) + 1;
      for (const problem of violationsOf(fuzz, response)) {
        report.violations.push(
          `${describeCase(fuzz, request)} -> ${status}: ${problem} ${response.text.slice(0, 200)}`,
        );
      }
      await options.afterEach?.(fuzz, response);
    }
  }
  report.operationsCovered = covered.size;
  return report;
}
