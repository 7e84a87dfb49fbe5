import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import fc from "fast-check";
import type { Operation } from "../../src/http/operation-index.js";

/** The contract's schemas as fast-check arbitraries, for the contract fuzz (contract-fuzz.ts). */

export type Schema = Record<string, any>;
export const document = loadOpenApiDocument() as Schema;

export function resolve(value: Schema): Schema {
  if (!value?.$ref) return value;
  const target = String(value.$ref)
    .replace(/^#\//, "")
    .split("/")
    .reduce<Schema>((node, key) => node[key], document);
  return resolve(target);
}

export function specOf(operation: Operation): Schema {
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

/** The contract's day type (components/schemas/Day). */
export const isDaySchema = (raw: Schema | undefined): boolean =>
  resolve(raw ?? {})?.format === "day";

/**
 * Days no request may bring in (impossible, or outside 2000-01-01..2100-12-31), for the
 * `extreme-day` class: each once reached a service as a 500, a hang or an echoed 200.
 */
export const hostileDays = [
  "0000-00-00",
  "9999-12-31",
  "9999-12-01",
  "2026-02-30",
  "2025-02-29",
  "2026-13-01",
  "2026-00-00",
  "1999-12-31",
  "2101-01-01",
  "0001-01-01",
  "+010000-01-01",
  "-000001-01-01",
  "275760-09-13",
  "2026-1-1",
];

function stringFor(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "day":
      // Mostly near today, sometimes at the contract's bounds (2000-01-01..2100-12-31).
      return fc
        .oneof(
          {
            weight: 4,
            arbitrary: fc.date({
              min: new Date("2020-01-01"),
              max: new Date("2030-01-01"),
              noInvalidDate: true,
            }),
          },
          {
            weight: 1,
            arbitrary: fc.date({
              min: new Date("2000-01-01"),
              max: new Date("2100-12-31"),
              noInvalidDate: true,
            }),
          },
        )
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
