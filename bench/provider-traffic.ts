import type { ProviderTraffic } from "./run-setup.js";

/**
 * Where a run's wall time went, from the provider fakes' side: how long after the POST the
 * first request arrived, how full each provider's pipe was while it was being asked (requests
 * in flight on average, out of the concurrency allowed), and how long after the last answer
 * the run said it had finished. Times are epoch ms on this machine's clock.
 */
export function trafficReport(options: {
  traffic: ProviderTraffic;
  postedAt: number;
  postAnsweredAt: number;
  finishedAt: number;
  latencyMs: number;
  concurrency: number;
}): string {
  const { traffic, postedAt, postAnsweredAt, finishedAt, latencyMs, concurrency } = options;
  const all = Object.values(traffic.arrivals).flat();
  if (all.length === 0) return "provider traffic    none";
  const first = Math.min(...all);
  const lastAnswer = Math.max(...all) + latencyMs;
  const lines = [
    `timeline            POST answered +${(postAnsweredAt - postedAt).toFixed(0)} ms, first request +${(first - postedAt).toFixed(0)} ms, last answer +${(lastAnswer - postedAt).toFixed(0)} ms, run finished +${(finishedAt - postedAt).toFixed(0)} ms`,
  ];
  for (const [provider, arrivals] of Object.entries(traffic.arrivals)) {
    if (arrivals.length === 0) continue;
    const span = Math.max(...arrivals) + latencyMs - Math.min(...arrivals);
    const inFlight = (arrivals.length * latencyMs) / span;
    lines.push(
      `  ${provider.toLowerCase().padEnd(18)}${arrivals.length} requests over ${(span / 1000).toFixed(2)} s, ${inFlight.toFixed(1)} in flight on average of ${concurrency}`,
    );
  }
  return lines.join("\n");
}
