import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigStore, configDir, credentialsFile } from "../src/index.js";
import { removeTempDirs, tempDir } from "./helpers.js";

afterAll(removeTempDirs);

describe("config directory", () => {
  it("prefers GEOPULSE_CONFIG_DIR, then XDG_CONFIG_HOME, then ~/.config", () => {
    expect(configDir({ GEOPULSE_CONFIG_DIR: "/a/gp", XDG_CONFIG_HOME: "/x", HOME: "/h" })).toBe(
      "/a/gp",
    );
    expect(configDir({ XDG_CONFIG_HOME: "/x", HOME: "/h" })).toBe(join("/x", "geopulse"));
    expect(configDir({ HOME: "/h" })).toBe(join("/h", ".config", "geopulse"));
    expect(configDir({})).toBe(join(homedir(), ".config", "geopulse"));
  });

  it("ignores empty variables", () => {
    expect(configDir({ GEOPULSE_CONFIG_DIR: "", XDG_CONFIG_HOME: "", HOME: "/h" })).toBe(
      join("/h", ".config", "geopulse"),
    );
  });
});

describe("ConfigStore", () => {
  it("writes the key with mode 0600 in a 0700 directory, atomically", async () => {
    const dir = join(await tempDir(), "deep", "geopulse");
    const store = new ConfigStore(dir);
    await store.writeApiKey("gp_live_first");
    await store.writeApiKey("gp_live_second");
    expect((await stat(credentialsFile(dir))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await readFile(credentialsFile(dir), "utf8")).toBe("gp_live_second\n");
    expect(await readdir(dir)).toEqual(["credentials"]); // no temp file left behind
    expect(await store.readApiKey()).toBe("gp_live_second");
  });

  it("keeps the key out of config.json and forgets key and workspace on clear", async () => {
    const dir = await tempDir();
    const store = new ConfigStore(dir);
    expect(await store.read()).toEqual({});
    expect(await store.readApiKey()).toBeUndefined();
    await store.writeApiKey("gp_live_secret");
    await store.write({ baseUrl: "http://api.test", workspace: "acme", keyId: "key_1" });
    expect(await readFile(join(dir, "config.json"), "utf8")).not.toContain("gp_live");
    expect(await store.clearApiKey()).toBe(true);
    expect(await store.readApiKey()).toBeUndefined();
    expect(await store.read()).toEqual({ baseUrl: "http://api.test" });
    expect(await store.clearApiKey()).toBe(false);
  });

  it("names a broken config.json", async () => {
    const dir = await tempDir();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "config.json"), "{not json");
    await expect(new ConfigStore(dir).read()).rejects.toThrow(/config\.json is not valid JSON/);
  });
});
