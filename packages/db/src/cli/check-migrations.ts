// `pnpm db:check`: fails when prisma/schema.prisma and the migration history disagree.
import { diffMigrationsToSchema, isEmptyMigration } from "../migrations.js";

const sql = await diffMigrationsToSchema();
if (!isEmptyMigration(sql)) {
  console.error(
    "prisma/schema.prisma differs from the migrations. Run `pnpm db:migrate:dev --name <name>`.\nMissing SQL:\n" +
      sql,
  );
  process.exit(1);
}
console.error("Schema and migrations agree.");
// The WebAssembly migration engine leaves a 10-second timer of its own behind
// (not ours to clear); exit explicitly rather than wait it out.
process.exit(0);
