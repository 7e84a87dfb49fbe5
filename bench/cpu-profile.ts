import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join, resolve } from "node:path";

/**
 * A CPU profile of this process's main thread over a window (the inspector's sampling
 * profiler, as `--cpu-prof` takes over the whole process life): `stop()` returns it,
 * `save(profile, dir)` writes `run-<time>.cpuprofile` there (open it in Chrome DevTools or
 * speedscope) and returns its path.
 */
export async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      session.disconnect();
      return profile;
    },
  };
}

export function saveProfile(profile: unknown, dir: string): string {
  mkdirSync(resolve(dir), { recursive: true });
  const path = join(resolve(dir), `run-${Date.now()}.cpuprofile`);
  writeFileSync(path, JSON.stringify(profile));
  return path;
}
