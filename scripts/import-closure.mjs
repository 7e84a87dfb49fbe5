#!/usr/bin/env node
// Prints the files a module loads at run time, following relative imports
// (type-only imports are erased by the compiler and are not followed).
// Usage: node scripts/import-closure.mjs <entry.ts> [--list] [--types]
//   --types also follows type-only imports.
import path from "node:path";
import { importClosure } from "./import-graph.mjs";

const args = process.argv.slice(2);
const entry = args.find((a) => !a.startsWith("--"));
if (!entry) {
  console.error("usage: node scripts/import-closure.mjs <entry.ts> [--list] [--types]");
  process.exit(2);
}
const { files } = importClosure(entry, { followTypes: args.includes("--types") });
const root = process.cwd();
if (args.includes("--list")) {
  for (const file of [...files].sort()) console.log(path.relative(root, file));
}
console.log(
  `${files.size} files in the import closure of ${path.relative(root, path.resolve(entry))}`,
);
