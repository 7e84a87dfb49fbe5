import type { ResponseBody } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { addDaysWithin, dayOf, daysBetween } from "../../days.js";
import { errors } from "../../errors/app-error.js";
import type { PageRequest } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { DEFAULT_CHANGE_FDR, type DetectedChange } from "../../metrics/detect-changes.js";
import { loadDayChanges } from "./day-changes.js";
import { latestDataDay } from "./latest-data-day.js";
import type { MetricsFilters } from "./metrics-filters.js";
import { loadMetricsScope } from "./metrics-scope.js";

export type MetricChangesPage = ResponseBody<"listMetricChanges", 200>;
type MetricChange = MetricChangesPage["data"][number];

/** Longest range one request may ask for, in days. */
export const MAX_CHANGES_DAYS = 366;
/** Days listed when `from` is not given (ending on `to`). */
export const DEFAULT_CHANGES_DAYS = 90;

export interface ListMetricChangesOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
  from?: string | undefined;
  to?: string | undefined;
  /** An engine id, or `all` for the pooled series. */
  engine?: string | undefined;
  entity?: string | undefined;
  filters: MetricsFilters;
  page: PageRequest;
}

/**
 * The detected changes of visibility over a range (docs/metrics.md, "Change
 * detection"), newest first, then by entity id and engine (`all` first), one
 * page at a time. The cursor is the position of the last item listed (date,
 * entity, engine), so a page continues after it even if the data changed.
 */
export async function listMetricChanges(
  options: ListMetricChangesOptions,
): Promise<MetricChangesPage> {
  const { ctx, filters } = options;
  const scope = await loadMetricsScope(ctx, options.access.id);
  const after = decodeChangeCursor(options.page.cursor);
  const given = { from: options.from, to: options.to };
  const to = given.to ?? (await latestDay(ctx, scope.workspaceId, scope.version, given.from));
  const from = given.from ?? addDaysWithin(to, 1 - DEFAULT_CHANGES_DAYS);
  const span = daysBetween(from, to) + 1;
  if (span < 1) throw errors.field("query.to", "range", "to must not be before from.");
  if (span > MAX_CHANGES_DAYS) {
    throw errors.field("query.to", "range", `The range spans at most ${MAX_CHANGES_DAYS} days.`);
  }
  const changes = await loadDayChanges({ ctx, scope, from, to, filters });
  const selected = changes
    .filter(
      (c) =>
        (options.entity === undefined || c.entityId === options.entity) &&
        (options.engine === undefined || (c.engine ?? "all") === options.engine),
    )
    .map((c) => ({ change: c, key: positionOf(c) }))
    .filter(({ key }) => after === undefined || compareKeys(key, after) > 0)
    .sort((a, b) => compareKeys(a.key, b.key));
  const page = selected.slice(0, options.page.limit);
  const texts = await promptTexts(ctx, scope.workspaceId, page);
  const entities = new Map(scope.entities.map((e) => [e.id, e]));
  const last = page.at(-1);
  return {
    from,
    to,
    fdr: DEFAULT_CHANGE_FDR,
    data: page.flatMap(({ change }) => {
      const entity = entities.get(change.entityId);
      return entity ? [toItem(change, entity, texts)] : [];
    }),
    nextCursor: selected.length > page.length && last ? encodeChangeCursor(last.key) : null,
  };
}

/**
 * The latest day with data (up to `from` + the default span, never after 2100-12-31, when `from`
 * is given).
 */
async function latestDay(
  ctx: AppContext,
  workspaceId: string,
  version: number,
  from: string | undefined,
): Promise<string> {
  const upTo = from === undefined ? null : addDaysWithin(from, DEFAULT_CHANGES_DAYS - 1);
  return (
    (await latestDataDay(ctx.prisma, workspaceId, version, upTo)) ?? upTo ?? dayOf(ctx.clock.now())
  );
}

type Position = readonly [date: string, entityId: string, engine: string];

/** Newest first, then entity id, then engine (`all` before engine ids). */
function compareKeys(a: Position, b: Position): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? 1 : -1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  if (a[2] === b[2]) return 0;
  return a[2] < b[2] ? -1 : 1;
}

/** The pooled series sorts first: its engine key is empty. */
const positionOf = (c: DetectedChange): Position => [c.date, c.entityId, c.engine ?? ""];

const CURSOR = /^(\d{4}-\d{2}-\d{2})\|([A-Za-z0-9_-]{1,64})\|([a-z0-9_-]{0,64})$/;

function encodeChangeCursor(key: Position): string {
  return Buffer.from(key.join("|")).toString("base64url");
}

function decodeChangeCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  const match = CURSOR.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw errors.field("query.cursor", "cursor", "is not a cursor this API returned");
  return [match[1] as string, match[2] as string, match[3] as string];
}

async function promptTexts(
  ctx: AppContext,
  workspaceId: string,
  page: Array<{ change: DetectedChange }>,
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(page.flatMap(({ change }) => change.movedPrompts.map((p) => p.promptId))),
  ];
  if (ids.length === 0) return new Map();
  const prompts = await ctx.prisma.prompt.findMany({
    where: { workspaceId, id: { in: ids } },
    select: { id: true, text: true },
  });
  return new Map(prompts.map((p) => [p.id, p.text]));
}

function toItem(
  c: DetectedChange,
  entity: { id: string; name: string; isSelf: boolean },
  texts: Map<string, string>,
): MetricChange {
  const engine = c.engine ?? "all";
  return {
    id: `${c.date}:${c.entityId}:${engine}:visibility`,
    metric: "visibility",
    date: c.date,
    entity: { id: entity.id, name: entity.name, isSelf: entity.isSelf },
    engine,
    direction: c.direction,
    recent: {
      ...c.recent,
      rate: c.day.value,
      ciLow: c.day.ciLow,
      ciHigh: c.day.ciHigh,
      n: c.day.n,
      intervalUnit: c.day.unit,
    },
    baseline: {
      from: c.baseline.from,
      to: c.baseline.to,
      days: c.baseline.days,
      rate: c.baseline.value,
      ciLow: c.baseline.ciLow,
      ciHigh: c.baseline.ciHigh,
      n: c.baseline.n,
      intervalUnit: c.baseline.unit,
    },
    delta: { value: c.delta, ciLow: c.deltaCiLow, ciHigh: c.deltaCiHigh },
    z: c.z,
    df: c.df,
    pValue: c.pValue,
    qValue: c.qValue,
    method: c.method,
    movedPrompts: c.movedPrompts.map((p) => ({
      promptId: p.promptId,
      text: texts.get(p.promptId) ?? null,
      recent: p.day,
      baseline: p.baseline,
      change: p.change,
    })),
  };
}
