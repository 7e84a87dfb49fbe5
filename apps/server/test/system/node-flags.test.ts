import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS } from "../../src/node-flags.js";

/** The package.json scripts that start node on built code (dist/): the server, a worker, the database. */
function nodeScripts(packageJson: URL): [string, string][] {
  const { scripts } = JSON.parse(readFileSync(packageJson, "utf8")) as {
    scripts: Record<string, string>;
  };
  return Object.entries(scripts).filter(([, command]) => /(^|exec )node .*dist\//.test(command));
}

describe("node flags", () => {
  // package.json cannot import NODE_FLAGS, so its scripts spell them out: every script that
  // starts a process loading the server or the embedded database has all of them.
  const scripts = [
    ...nodeScripts(new URL("../../package.json", import.meta.url)),
    ...nodeScripts(new URL("../../../../packages/db/package.json", import.meta.url)),
  ];

  it("finds the scripts that start node", () => {
    expect(scripts.map(([name]) => name)).toEqual(
      expect.arrayContaining(["start", "worker", "smoke:providers", "migrate", "check"]),
    );
  });

  it.each(scripts)("%s starts node with every flag", (_name, command) => {
    const flags = command.split(" ").filter((word) => word.startsWith("--"));
    expect(flags).toEqual(expect.arrayContaining([...NODE_FLAGS]));
  });

  it("the test processes this file runs in have them", () => {
    expect(process.execArgv).toEqual(expect.arrayContaining([...NODE_FLAGS]));
  });
});
