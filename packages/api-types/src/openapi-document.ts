import { readFileSync } from "node:fs";

/** The contract as a parsed JSON document (generated from spec/openapi.yaml). */
export function loadOpenApiDocument(): Record<string, unknown> {
  const url = new URL("../../src/generated/openapi.json", import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as Record<string, unknown>;
}
