// The run-time import graph of TypeScript sources: which modules a file loads
// through relative imports, and which packages (bare specifiers) it names on the way.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const ts = require("typescript");

// Each file is parsed once per process: a closure walk over many entries revisits the same modules.
const parsed = new Map();

/** Specifiers a file imports or re-exports; type-only ones only when followTypes. */
export function specifiers(file, { followTypes = false } = {}) {
  const key = `${followTypes}:${file}`;
  if (!parsed.has(key)) parsed.set(key, parse(file, followTypes));
  return parsed.get(key);
}

function parse(file, followTypes) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
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
  // import("x") anywhere in the file loads x at run time as surely as a static import.
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  if (text.includes("import(")) visit(source);
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

/** The source file a relative specifier names, or undefined for a package. */
export function resolve(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base.replace(/\.js$/, ".ts"),
    base.replace(/\.js$/, ".tsx"),
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Every file entry loads through relative imports (entry included), and the
 * package specifiers those files import.
 */
export function importClosure(entry, options = {}) {
  const start = path.resolve(entry);
  const files = new Set([start]);
  const packages = new Set();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop();
    for (const spec of specifiers(file, options)) {
      const target = resolve(file, spec);
      if (target === undefined) {
        if (!spec.startsWith(".")) packages.add(spec);
      } else if (!files.has(target)) {
        files.add(target);
        queue.push(target);
      }
    }
  }
  return { files, packages };
}
