import type { Writer } from "./context.js";
import { printable } from "./format.js";

const frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface Indicator {
  stop(): void;
}

/**
 * Shows that the CLI is waiting, on stderr only: a spinner when stderr is a
 * terminal, otherwise the message once on its own line (logs stay clean).
 */
export function waitingIndicator(stderr: Writer, text: string): Indicator {
  const message = printable(text);
  if (!stderr.isTTY) {
    stderr.write(`${message}\n`);
    return { stop() {} };
  }
  let frame = 0;
  const draw = () => stderr.write(`\r${frames[frame++ % frames.length]} ${message}`);
  draw();
  const timer = setInterval(draw, 100);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      stderr.write("\r\u001b[2K");
    },
  };
}
