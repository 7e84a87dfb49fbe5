import { isAbsolute, resolve } from "node:path";

/**
 * The embedded database directory: GEO_DATA_DIR, else `.data/` in the directory
 * the command was started from (pnpm's INIT_CWD), so `pnpm start` at the repo
 * root and `pnpm db:migrate` agree on one location.
 */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.INIT_CWD ?? process.cwd();
  const configured = env.GEO_DATA_DIR;
  if (configured?.startsWith("memory://")) return configured;
  if (configured) return isAbsolute(configured) ? configured : resolve(base, configured);
  return resolve(base, ".data");
}
