/** The host evaluations are filtered by: lower-case, without a trailing dot or a leading `www.`. */
export function pageHost(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, "");
  return lower.startsWith("www.") && lower.length > 4 ? lower.slice(4) : lower;
}
