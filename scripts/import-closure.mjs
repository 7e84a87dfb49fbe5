#!/usr/bin/env node
// Prints the files a module loads at run time, following relative imports
// (type-only imports are erased by the compiler and are not followed).
// Usage: node scripts/import-closure.mjs <entry.ts> [--list] [--types]
//   --types also follows type-only imports.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const ts = require("typescript");

const args = process.argv.slice(2);
const entry = args.find((a) => !a.startsWith("--"));
if (!entry) {
  console.error("usage: node scripts/import-closure.mjs <entry.ts> [--list] [--types]");
  process.exit(2);
}
const followTypes = args.includes("--types");

function specifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      if (!followTypes && isTypeOnly(statement)) continue;
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

function isTypeOnly(statement) {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = statement.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

function resolve(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base.replace(/\.js$/, ".ts"),
    base,
    `${base}.ts`,
    path.join(base, "index.ts"),
  ]) {
    if (candidate.endsWith(".ts") && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const start = path.resolve(entry);
const seen = new Set([start]);
const queue = [start];
while (queue.length > 0) {
  const file = queue.pop();
  for (const spec of specifiers(file)) {
    const target = resolve(file, spec);
    if (target && !seen.has(target)) {
      seen.add(target);
      queue.push(target);
    }
  }
}
const root = process.cwd();
if (args.includes("--list")) {
  for (const file of [...seen].sort()) console.log(path.relative(root, file));
}
console.log(`${seen.size} files in the import closure of ${path.relative(root, start)}`);
