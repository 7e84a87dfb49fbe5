import { openAsBlob } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { ThreadOpenOptions } from "./thread-protocol.js";

/** Opens PGlite on the calling thread, on a directory or loaded from a data-directory tarball. */
export async function openPglite({ dataDir, loadDataDirFrom }: ThreadOpenOptions): Promise<PGlite> {
  const pglite = loadDataDirFrom
    ? new PGlite({ loadDataDir: await openAsBlob(loadDataDirFrom) })
    : new PGlite(dataDir ?? "memory://");
  await pglite.waitReady;
  return pglite;
}
