import { defineConfig } from "prisma/config";

// Used by `prisma generate` only; migrations run through src/migrations.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
