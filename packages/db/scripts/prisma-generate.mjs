// Runs `prisma generate` offline. The Prisma CLI insists on a schema-engine
// binary it cannot download here; generation does not use it, so any existing
// file satisfies the check.
import { execFileSync } from "node:child_process";

execFileSync("prisma", ["generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
