/**
 * The Node.js flags every process that runs the server, a worker or the embedded database
 * starts with (`pnpm start`, `pnpm worker`, the test runners, the benches).
 *
 * `--no-memory-protection-keys`: on CPUs with memory protection keys (PKU; most cloud x86
 * machines, CI's among them) V8 tracks its JIT and WebAssembly code pages in one
 * process-wide map, and PGlite's WebAssembly compiled on several threads (the embedded
 * database's thread beside the main one) can make a lookup miss: the process aborts with
 * "Check failed: jit_page.has_value()" (nodejs/node#64500). Without the keys V8 handles code pages as it
 * does on machines without PKU. It must be a command-line flag: V8 reads it when it starts,
 * and NODE_OPTIONS refuses it.
 */
export const NODE_FLAGS: readonly string[] = [
  "--disable-warning=ExperimentalWarning",
  "--no-memory-protection-keys",
];
