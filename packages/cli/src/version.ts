import { readFileSync } from "node:fs";

/** The package version (from package.json, one level above both src/ and dist/). */
export const cliVersion: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
