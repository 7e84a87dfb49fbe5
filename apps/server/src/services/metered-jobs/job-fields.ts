interface JobRow {
  reservedMicrousd: bigint;
  costMicrousd: bigint;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** When a background job was created, started and finished, as the contract reports them. */
export function jobTimes(row: Pick<JobRow, "createdAt" | "startedAt" | "finishedAt">) {
  return {
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A paid job's reservation, cost, error and times, as the contract reports them. */
export function meteredJobFields(row: JobRow) {
  return {
    reservedMicrousd: Number(row.reservedMicrousd),
    costMicrousd: Number(row.costMicrousd),
    error: row.error,
    ...jobTimes(row),
  };
}
