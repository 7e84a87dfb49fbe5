import { defineHandler } from "../../http/handler.js";

export const getHealth = defineHandler("getHealth")(async ({ app }) => {
  const started = performance.now();
  let database: "ok" | "unavailable" = "ok";
  try {
    await app.prisma.$queryRaw`SELECT 1`;
  } catch {
    database = "unavailable";
  }
  const body = {
    status: database === "ok" ? ("ok" as const) : ("degraded" as const),
    database: {
      status: database,
      kind: app.db.kind,
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    },
    version: app.version,
    time: app.clock.now().toISOString(),
  };
  return database === "ok" ? { status: 200, body } : { status: 503, body };
});
