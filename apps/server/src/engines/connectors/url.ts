/** Joins a base URL and a versioned path, tolerating a base that already ends in the version. */
export function joinVersioned(baseUrl: string, version: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return base.endsWith(`/${version}`) ? `${base}${path}` : `${base}/${version}${path}`;
}
