// Timing of one authenticated GET and percentiles of samples, shared by the read benches.

/**
 * Milliseconds of one GET (body read whole, decoded when the server compressed
 * it); throws on a status other than 200. `headers`: more request headers (e.g.
 * Accept-Encoding: fetch accepts gzip unless told otherwise).
 */
export async function timed(base, cookie, url, headers = {}) {
  const t0 = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie, ...headers } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - t0;
}

/** p50 and p95 of samples, to 0.1 ms. */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: Number(at(0.5).toFixed(1)), p95: Number(at(0.95).toFixed(1)) };
}
