import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import { type Operation, OperationIndex } from "../../src/http/operation-index.js";

/** Every operation of the contract, for tests that walk the whole spec. */
export const allOperations: Operation[] = new OperationIndex(loadOpenApiDocument()).operations;

const sampleParams: Record<string, string> = {
  keyId: "key_0123456789ABCDEF",
  token: "t".repeat(32),
  code: "WDJB-MJHT",
  recommendationId: "rec_01JD0000000000000000000000",
  provider: "search_console",
};

/** A concrete path for an operation, addressing `workspace`. */
export function pathFor(operation: Operation, workspace: string): string {
  return operation.pathTemplate.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name === "workspace") return encodeURIComponent(workspace);
    if (name === "code" && operation.pathTemplate.endsWith("/token")) return "d".repeat(32);
    return sampleParams[name] ?? "x";
  });
}

export const describeOperation = (operation: Operation) =>
  `${operation.method.toUpperCase()} ${operation.pathTemplate}`;
