import type { Command } from "commander";

export interface SeoRangeOptions {
  from?: string;
  to?: string;
}

/** `--from` and `--to` of the SEO reads (UTC days; default the 28 days ending yesterday). */
export function withSeoRange(command: Command): Command {
  return command
    .option("--from <day>", "first UTC day, YYYY-MM-DD (default: 28 days ending yesterday)")
    .option("--to <day>", "last UTC day, YYYY-MM-DD (default: yesterday)");
}

export function seoRangeQuery(options: SeoRangeOptions): { from?: string; to?: string } {
  return {
    ...(options.from ? { from: options.from } : {}),
    ...(options.to ? { to: options.to } : {}),
  };
}
