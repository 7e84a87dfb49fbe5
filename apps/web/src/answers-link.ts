/**
 * The Answers view's address for a query: a number's drill-down (`from`, `to`, the metrics'
 * filters, `prompt`, `domain`, `url`, `match`, `entity`) or a run's answers (`run`). Unset and
 * empty values are left out; keys keep the order given.
 */
export function answersLink(slug: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return `/w/${slug}/answers${search ? `?${search}` : ""}`;
}
