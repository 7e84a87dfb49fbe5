import fc from "fast-check";
import type { Operation } from "../../src/http/operation-index.js";
import {
  arbitraryFor,
  document,
  hostileDays,
  isDaySchema,
  resolve,
  type Schema,
  specOf,
} from "./contract-fuzz-schemas.js";
import { allOperations } from "./operations.js";

/** One generated request per case, then one hostile change (the classes in `hostileClasses`). */

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
export const encode = (text: string) => encodeURIComponent(text.toWellFormed());
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
  const dayQuery = queryParameters.filter((p) => isDaySchema(p.schema)).map((p) => p.name);
  const dayBody = Object.entries(resolve(bodySchema ?? {}).properties ?? {})
    .filter(([, property]) => isDaySchema(property as Schema))
    .map(([name]) => name);

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
      fc.constantFrom(...hostileDays),
      fc.constantFrom(...hostileNumbers),
      fc.constantFrom(...wrongTypes),
      fc.constantFrom(...malformedJson),
    )
    .map(([generated, hostile, day, number, wrongType, malformed]) => {
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
        case "extreme-day":
        case "widest-range": {
          // Every day of the operation (query and body) at once: an impossible or extreme
          // day, or the widest range the day type allows (2000-01-01..2100-12-31).
          const dayFor = (name: string) =>
            hostile === "extreme-day" ? day : name === "to" ? "2100-12-31" : "2000-01-01";
          if (dayQuery.length === 0 && dayBody.length === 0) {
            fuzz.query.push(["date", encode(day)]);
            break;
          }
          fuzz.query = fuzz.query.filter(([key]) => !dayQuery.includes(key));
          for (const name of dayQuery) fuzz.query.push([name, encode(dayFor(name))]);
          if (dayBody.length > 0) {
            const value = { ...((bodyValue as Record<string, unknown>) ?? {}) };
            for (const name of dayBody) value[name] = dayFor(name);
            fuzz.body = jsonBody(value);
          }
          break;
        }
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
  "extreme-day",
  "widest-range",
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
