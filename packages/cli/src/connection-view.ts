import type { Connection } from "@geopulse/api-types";
import { table, when } from "./format.js";

/** Providers as the API names them. */
export const providers = ["search_console", "analytics"] as const;

/** Both connections as a table (`connections list`, `configure`). */
export function connectionsTable(connections: Connection[]): string {
  return table(
    ["provider", "status", "property", "credential", "last tested", "error"],
    connections.map((c) => [
      c.provider,
      c.status,
      c.property,
      c.credential ? `${c.credential.label} [${c.credential.id}]` : null,
      c.lastTestedAt ? when(c.lastTestedAt) : null,
      c.lastErrorCode,
    ]),
  );
}
