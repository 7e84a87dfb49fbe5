import type { HandlerRegistry } from "../../http/handler.js";
import { getSource } from "./get-source.js";
import { listSources } from "./list-sources.js";

/** Cited sources over a period: domains, URLs, new and lost domains, and who cites a domain. */
export const sourcesHandlers: HandlerRegistry = { listSources, getSource };
