// A vitest reporter that writes test-results/file-durations.json: for every
// test file, the time it held a worker (importing it, its hooks and its tests),
// which vitest's JSON report does not record (its times span the tests only,
// not the beforeAll that starts a server and seeds a run).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export default class FileDurationsReporter {
  files = [];

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(testModule) {
    const diagnostic = testModule.diagnostic();
    this.files.push({
      path: relative(this.root, testModule.moduleId),
      seconds: (diagnostic.collectDuration + diagnostic.duration) / 1000,
      tests: [...testModule.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const dir = join(this.root, "test-results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "file-durations.json"), JSON.stringify(this.files, null, 1));
  }
}
