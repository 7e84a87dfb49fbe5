import type { NextFunction, Request, Response } from "express";
import { errors, type FieldError } from "../errors/app-error.js";
import { printableKey, unstorableTextReason } from "../text/storable-text.js";
import { requestAuth } from "./authenticate.js";
import type { Operation } from "./operation-index.js";

/** JSON bodies nest at most this deep (the contract's deepest body needs 4). */
export const maxBodyDepth = 32;
/** Enough problems to act on; a hostile body could otherwise list thousands. */
const maxProblems = 20;
/** `0`, `42`, `-7`: decimal digits only (no `Infinity`, `1e3`, `0x10`, `-0`, spaces). */
const integerText = /^(0|-?[1-9][0-9]*)$/;
/** `0.6`, `1`, `-2.25`: a decimal number (no exponent, `Infinity`, `NaN`, hex or spaces). */
const numberText = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * What the validator cannot see, checked for every matched operation once the
 * body is parsed and before it is validated: every string from the path, the
 * query and the body (values and keys, at any depth; CSV text too) must be
 * storable text; the body must not nest beyond `maxBodyDepth`; and integer
 * and number parameters must be written as decimal numbers (ajv coerces
 * `"Infinity"` and `"1e400"` to Infinity, which then skips `minimum`/`maximum`).
 * Raw webhook bodies are bytes checked by signature, not text, and stay as they are.
 */
export function guardInput() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const operation = requestAuth(res)?.operation;
    if (!operation) {
      next();
      return;
    }
    const problems: FieldError[] = [];
    checkPath(operation, req.path, problems);
    checkQuery(operation, req.query as Record<string, unknown>, problems);
    if (typeof req.body === "string") checkText(req.body, problems);
    else if (typeof req.body === "object" && req.body !== null && !Buffer.isBuffer(req.body)) {
      checkJson(req.body, problems);
    }
    if (problems.length > 0) throw errors.invalidRequest(problems.slice(0, maxProblems));
    next();
  };
}

function checkString(field: string, text: string, problems: FieldError[]): void {
  const reason = unstorableTextReason(text);
  if (reason) problems.push({ field, rule: "text", message: reason });
}

function checkInteger(field: string, text: string, problems: FieldError[]): void {
  if (integerText.test(text) && Number.isSafeInteger(Number(text))) return;
  problems.push({ field, rule: "type", message: "must be an integer in decimal digits" });
}

function checkNumber(field: string, text: string, problems: FieldError[]): void {
  if (numberText.test(text) && Number.isFinite(Number(text))) return;
  problems.push({ field, rule: "type", message: "must be a number in decimal digits" });
}

/** Integer and number parameters arrive as text; only plain decimals are numbers here. */
function checkNumeric(
  type: string | undefined,
  field: string,
  text: string,
  problems: FieldError[],
) {
  if (type === "integer") checkInteger(field, text, problems);
  else if (type === "number") checkNumber(field, text, problems);
}

function checkPath(operation: Operation, path: string, problems: FieldError[]): void {
  const groups = operation.pattern.exec(path)?.groups ?? {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== "path") continue;
    const raw = groups[parameter.name];
    if (raw === undefined) continue;
    const field = `path.${parameter.name}`;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      problems.push({ field, rule: "encoding", message: "is not percent-encoded UTF-8" });
      continue;
    }
    checkString(field, value, problems);
    checkNumeric(parameter.type, field, value, problems);
  }
}

function checkQuery(
  operation: Operation,
  query: Record<string, unknown>,
  problems: FieldError[],
): void {
  for (const [name, value] of Object.entries(query)) {
    const field = `query.${printableKey(name)}`;
    checkString(field, name, problems);
    const parameter = operation.parameters.find((p) => p.in === "query" && p.name === name);
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== "string") continue;
      checkString(field, text, problems);
      checkNumeric(parameter?.type, field, text, problems);
    }
  }
}

/** A text body (the CSV import): named `body`, with the line of the first bad character. */
function checkText(text: string, problems: FieldError[]): void {
  const reason = unstorableTextReason(text);
  if (!reason) return;
  const lines = text.split("\n");
  const line = lines.findIndex((content) => unstorableTextReason(content) !== undefined) + 1;
  problems.push({ field: "body", rule: "text", message: `${reason} (line ${line})` });
}

interface Node {
  value: unknown;
  parent: Node | undefined;
  /** The key or index under the parent. */
  key: string | number | undefined;
  depth: number;
}

function fieldOf(node: Node, key?: string): string {
  const parts: string[] = key === undefined ? [] : [`.${printableKey(key)}`];
  for (let at: Node | undefined = node; at?.parent; at = at.parent) {
    parts.push(typeof at.key === "number" ? `[${at.key}]` : `.${printableKey(String(at.key))}`);
  }
  return `body${parts.reverse().join("")}`;
}

/** Walks a parsed JSON body without recursion, so no depth can exhaust the stack. */
function checkJson(body: object, problems: FieldError[]): void {
  const stack: Node[] = [{ value: body, parent: undefined, key: undefined, depth: 1 }];
  while (stack.length > 0 && problems.length < maxProblems) {
    const node = stack.pop() as Node;
    const { value } = node;
    if (typeof value === "string") {
      checkString(fieldOf(node), value, problems);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (node.depth > maxBodyDepth) {
      problems.push({
        field: "body",
        rule: "depth",
        message: `must not nest deeper than ${maxBodyDepth} levels`,
      });
      return;
    }
    const depth = node.depth + 1;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], parent: node, key: index, depth });
      }
      continue;
    }
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index] as [string, unknown];
      checkString(fieldOf(node, key), key, problems);
      stack.push({ value: child, parent: node, key, depth });
    }
  }
}
