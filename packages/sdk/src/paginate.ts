export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * Walks a cursor-paginated list: `for await (const item of paginate(fetchPage))`.
 * Pages are fetched lazily, one at a time, as the loop consumes items.
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
