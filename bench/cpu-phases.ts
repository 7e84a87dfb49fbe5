/**
 * Splits a CPU profile of the server thread into the run path's phases: each sample goes to
 * the first frame, from the leaf up, whose script matches a rule below (our source folders
 * by what they do, libraries by the part they play), so time in a library counts for the
 * library's role (a Prisma frame under the recorder is "database client", a PGlite frame
 * is "embedded database") and frames of Node's own modules or WebAssembly pass the sample on
 * to their caller. Samples no rule claims are "other" (mostly Node internals reached from an
 * event such as a socket read, where the stack has no caller of ours).
 */
interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const phaseRules: ReadonlyArray<readonly [phase: string, pattern: RegExp]> = [
  ["garbage collection", /^\(garbage collector\)$/],
  ["idle", /^\(idle\)$/],
  ["native, unattributed (program)", /^\(program\)$/],
  ["embedded database", /@electric-sql\+pglite@/],
  ["database client", /@prisma\+|pglite-prisma-adapter|\/(pg|pg-pool|pg-protocol)@/],
  ["queue (pg-boss)", /\/pg-boss@/],
  [
    "provider calls",
    /\/(openai|@anthropic-ai\+sdk|@google\+genai|exa-js|undici|ipaddr\.js)@|node:internal\/deps\/undici|apps\/server\/src\/(engines\/|web\/safe-fetch|services\/runs\/(ask-engine|build-engine))/,
  ],
  ["rollups", /apps\/server\/src\/services\/analysis\/(write-rollups|rollup-|day-rollup|swap-day)/],
  ["analysis", /apps\/server\/src\/(analysis\/|text\/|services\/analysis\/analyze-)/],
  [
    "recording",
    /apps\/server\/src\/services\/(runs|sql|credits|metered-jobs|analysis)\/|apps\/server\/src\/jobs\//,
  ],
  [
    "recommendations, metrics",
    /apps\/server\/src\/(metrics\/|services\/(recommendations|metrics)\/)/,
  ],
  [
    "HTTP API",
    /\/(express|router|express-openapi-validator|ajv|body-parser)@|apps\/server\/src\/(http|routes)\//,
  ],
  ["other server code", /apps\/server\/src\//],
];

function phaseOfFrame(node: ProfileNode): string | undefined {
  const { url, functionName } = node.callFrame;
  const script = url === "" ? functionName : url;
  for (const [phase, pattern] of phaseRules) if (pattern.test(script)) return phase;
  return undefined;
}

/** Milliseconds of samples per phase. */
export function phaseTimes(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const phaseOfNode = new Map<number, string>();
  const resolvePhase = (id: number): string => {
    const known = phaseOfNode.get(id);
    if (known) return known;
    const node = byId.get(id);
    const own = node ? phaseOfFrame(node) : undefined;
    const parent = parentOf.get(id);
    const phase = own ?? (parent === undefined ? "other" : resolvePhase(parent));
    phaseOfNode.set(id, phase);
    return phase;
  };
  const times = new Map<string, number>();
  // A sample stands for the time until the next one (the delta before it may be a wait).
  profile.samples.forEach((id, index) => {
    const phase = resolvePhase(id);
    times.set(phase, (times.get(phase) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  return times;
}

/** Lines of "phase  ms per answer  share" for the busy (not idle) samples, largest first. */
export function phaseReport(profile: CpuProfile, answers: number): string {
  const times = [...phaseTimes(profile)].filter(([phase]) => phase !== "idle");
  const busy = times.reduce((sum, [, ms]) => sum + ms, 0);
  const lines = times
    .sort((a, b) => b[1] - a[1])
    .map(
      ([phase, ms]) =>
        `  ${phase.padEnd(32)} ${(ms / answers).toFixed(3)} ms  ${((100 * ms) / busy).toFixed(0).padStart(3)}%`,
    );
  return [
    `server thread time per answer by phase (sampled busy time: ${(busy / answers).toFixed(2)} ms; worker threads not included; the sampler's own cost, 0.3-0.4 ms per answer, is in the CPU above: --no-phases leaves it out)`,
    ...lines,
  ].join("\n");
}
