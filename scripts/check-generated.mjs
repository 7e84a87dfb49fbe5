// Fails when a checked-in generated file is stale: regenerates everything with
// `pnpm generate` and compares contents before and after.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const generatedDirs = [
  "packages/api-types/src/generated",
  "packages/db/src/generated",
  "packages/sdk/src/generated",
];

function snapshot() {
  const files = new Map();
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else
        files.set(
          relative(root, path),
          createHash("sha256").update(readFileSync(path)).digest("hex"),
        );
    }
  };
  for (const dir of generatedDirs) walk(join(root, dir));
  return files;
}

const before = snapshot();
execSync("pnpm run generate", { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
const after = snapshot();

const stale = [...new Set([...before.keys(), ...after.keys()])].filter(
  (file) => before.get(file) !== after.get(file),
);
if (stale.length > 0) {
  console.error(
    `Generated files were stale (now regenerated; commit them):\n  ${stale.join("\n  ")}`,
  );
  process.exit(1);
}
console.error(`Generated files are fresh (${after.size} files).`);
