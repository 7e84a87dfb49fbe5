#!/usr/bin/env node
import { run } from "./program.js";

// `geopulse … | head`: a closed pipe ends the output quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
// Ctrl-C goes to the latest handler a command installed (chat: stop one answer); without one,
// e.g. while waiting for approval: clear the spinner line, exit 130 like a shell.
const interruptHandlers: (() => void)[] = [];
process.on("SIGINT", () => {
  const handler = interruptHandlers.at(-1);
  if (handler) return handler();
  if (process.stderr.isTTY) process.stderr.write("\r\u001b[2K");
  process.exit(130);
});

// Exit through process.exitCode, not process.exit(), so piped stdout is flushed.
process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdinIsTTY: process.stdin.isTTY,
  env: process.env,
  onInterrupt: (handler) => {
    interruptHandlers.push(handler);
    return () => interruptHandlers.splice(interruptHandlers.indexOf(handler), 1);
  },
});
