/**
 * URL extraction from answer text and URL normalisation for citation dedupe.
 * Rules are listed in docs/metrics.md ("Citations").
 */

/**
 * Query parameters that only track the click, never select content. Matched
 * case-insensitively; every `utm_*` parameter is dropped as well.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "oly_anon_id",
  "oly_enc_id",
  "vero_id",
  "igshid",
  "si",
  "ref",
  "ref_src",
  "ref_url",
  "spm",
  "srsltid",
]);

export function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase();
  return key.startsWith("utm_") || TRACKING_PARAMS.has(key);
}

export interface NormalizedUrl {
  normalizedUrl: string;
  /** Lower-case host without a leading `www.` (IPv6 hosts keep their brackets). */
  host: string;
}

/**
 * The canonical form of an http(s) URL, or null when it is not a valid
 * http(s) URL with a host: lower-case scheme and host (WHATWG URL parsing
 * also drops default ports and encodes IDN hosts as punycode), no leading
 * `www.`, no fragment, no tracking parameters, remaining parameters sorted by
 * name (stable, so repeated names keep their order), and no trailing slash
 * on a path other than `/`.
 */
export function normalizeUrl(raw: string): NormalizedUrl | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  let host = url.hostname;
  if (host.length === 0) return null;
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.startsWith("www.") && host.length > 4) host = host.slice(4);
  if (host.length === 0) return null;

  const params = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : "";

  let path = url.pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "") || "/";
  const port = url.port === "" ? "" : `:${url.port}`;
  return { normalizedUrl: `${url.protocol}//${host}${port}${path}${query}`, host };
}

// A URL runs until whitespace, a quote, angle bracket or square bracket.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`[\]{}|\\^]+/gi;
const TRAILING = /[.,;:!?*_~'"]$/;

export interface TextUrl {
  url: string;
  start: number;
  end: number;
}

/**
 * Every http(s) URL written in `text`, in order: bare URLs and markdown link
 * targets alike (`[label](url)` yields `url` because `(` is not part of the
 * match). Trailing punctuation is stripped, and so is a closing parenthesis
 * without an opening one inside the URL (so `(see https://a.com/x)` and
 * `https://en.wikipedia.org/wiki/Mercury_(planet)` both come out right).
 */
export function findUrlsInText(text: string): TextUrl[] {
  if (!text.includes("://")) return [];
  const out: TextUrl[] = [];
  for (const m of text.matchAll(URL_IN_TEXT)) {
    let url = m[0];
    for (;;) {
      if (TRAILING.test(url)) url = url.slice(0, -1);
      else if (url.endsWith(")") && count(url, "(") < count(url, ")")) url = url.slice(0, -1);
      else break;
    }
    const start = m.index;
    out.push({ url, start, end: start + url.length });
  }
  return out;
}

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) n++;
  return n;
}
