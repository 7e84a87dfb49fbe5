/**
 * Bounds on the work one untrusted page can cause (docs/page-evaluations.md, "Content checks").
 */

/** Characters of HTML read at most (the fetcher's 5 MB body limit). */
export const MAX_HTML_CHARS = 5 * 1024 * 1024;

/**
 * Above this many elements Readability is not run (about 1.5 s of CPU per 40,000 elements) and
 * the body, boilerplate removed, is the main content.
 */
export const READABILITY_MAX_ELEMENTS = 30_000;

/**
 * Readability and turndown recurse once per nesting level: from this depth on, neither runs and
 * "what a crawler sees" is the text, one paragraph per block.
 */
export const MAX_DEPTH = 400;

/** The main content's HTML is cut to this many characters before Markdown conversion. */
export const MAIN_HTML_BUDGET = 512 * 1024;
