import { parentPort } from "node:worker_threads";
import { analyzePageContent, type PageContentInput } from "./analyze-page-content.js";

/**
 * The worker thread's side of `analyzePageContentInWorker` (analyze-in-worker.ts): one
 * analysis per message, answered with the same id.
 */
parentPort?.on("message", (message: { id: number; input: PageContentInput }) => {
  try {
    parentPort?.postMessage({ id: message.id, result: analyzePageContent(message.input) });
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
});
