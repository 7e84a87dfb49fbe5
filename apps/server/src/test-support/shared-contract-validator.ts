import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import type { RequestHandler } from "express";
import { contractValidator } from "../http/contract-validator.js";

const validators = new Map<boolean, RequestHandler[]>();

/**
 * The contract validator every test server of this process shares (one per
 * setting of response validation): each operation's schemas compile once per
 * test worker instead of once per test file, which was most of a file's first
 * requests (about 1.5 s a file).
 */
export function sharedContractValidator(validateResponses: boolean): RequestHandler[] {
  let validator = validators.get(validateResponses);
  if (!validator) {
    validator = contractValidator({ openApiDocument: loadOpenApiDocument(), validateResponses });
    validators.set(validateResponses, validator);
  }
  return validator;
}
