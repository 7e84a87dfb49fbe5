import { errors } from "../errors/app-error.js";

/**
 * Keyset pagination over prefixed ULID ids (time-ordered). The cursor is the
 * last id of the previous page, base64url-encoded so clients treat it as opaque.
 */
export function decodeCursor(cursor: string | undefined, idPrefix: string): string | undefined {
  if (cursor === undefined) return undefined;
  const id = Buffer.from(cursor, "base64url").toString();
  if (!new RegExp(`^${idPrefix}_[0-9A-Z]{26}$`).test(id)) {
    throw errors.field("query.cursor", "cursor", "is not a cursor this API returned");
  }
  return id;
}

/** Splits `limit + 1` fetched rows into a page and the cursor of the next one. */
export function toPage<Row extends { id: string }, Item>(
  rows: Row[],
  limit: number,
  map: (row: Row) => Item,
): { data: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(map),
    nextCursor: rows.length > limit && last ? Buffer.from(last.id).toString("base64url") : null,
  };
}

/** The page a list operation asks for: its size and the cursor it continues from. */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** The page a list operation's query asks for; `limit` defaults to 20. */
export function pageOf(
  query: { limit?: number | undefined; cursor?: string | undefined },
  defaultLimit = 20,
): PageRequest {
  return { limit: query.limit ?? defaultLimit, cursor: query.cursor };
}

/**
 * The `findMany` arguments of one page: the rows matching `where` past the
 * cursor's id, newest first (`desc`) or oldest first, one more than the page
 * so that `toPage` can tell whether another follows.
 */
export function pageQuery<Where extends object>(
  where: Where,
  idPrefix: string,
  page: PageRequest,
  order: "asc" | "desc" = "desc",
) {
  const after = decodeCursor(page.cursor, idPrefix);
  const past = order === "desc" ? { lt: after } : { gt: after };
  return {
    where: { ...where, ...(after ? { id: past } : {}) },
    orderBy: { id: order },
    take: page.limit + 1,
  };
}
