// A vitest reporter that writes test-results/file-durations.json: for every
// test file, the time it held a worker (importing it, its hooks and its tests),
// which vitest's JSON report does not record (its times span the tests only,
// not the beforeAll that starts a server and seeds a run). It also records the
// files that never ended and the run's unhandled errors, so that a
// worker that dies (a V8 abort, an out-of-memory kill) names the file it was
// running: run-tests.mjs prints it and reruns it once.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export default class FileDurationsReporter {
  files = [];
  /** Planned files not yet ended. */
  started = new Set();

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  // Every planned file, not the started ones: a worker killed at once may never
  // report that its file started.
  onTestRunStart(specifications) {
    for (const specification of specifications) this.started.add(specification.moduleId);
  }

  onTestModuleEnd(testModule) {
    this.started.delete(testModule.moduleId);
    const diagnostic = testModule.diagnostic();
    this.files.push({
      path: relative(this.root, testModule.moduleId),
      seconds: (diagnostic.collectDuration + diagnostic.duration) / 1000,
      tests: [...testModule.children.allTests()].length,
    });
  }

  onTestRunEnd(_testModules, unhandledErrors = []) {
    const dir = join(this.root, "test-results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "file-durations.json"), JSON.stringify(this.files, null, 1));
    const unfinished = [...this.started].map((id) => relative(this.root, id));
    const errors = unhandledErrors.map((error) => ({
      message: String(error?.message ?? error),
      cause: error?.cause ? String(error.cause.message ?? error.cause) : undefined,
    }));
    writeFileSync(
      join(dir, "run-problems.json"),
      JSON.stringify({ unfinished, unhandledErrors: errors }, null, 1),
    );
  }
}
