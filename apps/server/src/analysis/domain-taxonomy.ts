import { readFileSync } from "node:fs";
import { z } from "zod";
import type { DomainTaxonomy } from "./types.js";

/** Classes a third-party domain can have; `owned` and `competitor` come from the entities. */
export type ThirdPartyTaxonomy = Exclude<DomainTaxonomy, "owned" | "competitor">;
export const THIRD_PARTY_TAXONOMIES = [
  "ugc",
  "reference",
  "review",
  "news",
  "social",
  "other",
] as const satisfies readonly ThirdPartyTaxonomy[];

/**
 * Domain patterns by class. A pattern is one of:
 * - `example.com`: that host and every subdomain of it;
 * - `example.*`: the registrable domain `example.<any public suffix>` and its subdomains;
 * - `docs.`: every host whose first label is `docs`.
 */
export type DomainTaxonomyFile = Partial<Record<ThirdPartyTaxonomy, string[]>>;

/** The curated built-in list (extend it per deployment with GEO_DOMAIN_TAXONOMY_FILE). */
export const BUILTIN_DOMAIN_TAXONOMY: DomainTaxonomyFile = {
  ugc: [
    "reddit.com",
    "quora.com",
    "stackoverflow.com",
    "stackexchange.com",
    "superuser.com",
    "serverfault.com",
    "askubuntu.com",
    "youtube.com",
    "youtu.be",
    "vimeo.com",
    "medium.com",
    "substack.com",
    "dev.to",
    "hashnode.dev",
    "news.ycombinator.com",
    "producthunt.com",
    "github.com",
    "gitlab.com",
    "discord.com",
    "forocoches.com",
    "meneame.net",
    "jeuxvideo.com",
    "tumblr.com",
    "wordpress.com",
    "blogspot.com",
  ],
  reference: [
    "wikipedia.org",
    "wikimedia.org",
    "wiktionary.org",
    "wikidata.org",
    "britannica.com",
    "developer.mozilla.org",
    "w3.org",
    "w3schools.com",
    "ietf.org",
    "investopedia.com",
    "merriam-webster.com",
    "dictionary.cambridge.org",
    "larousse.fr",
    "rae.es",
    "dle.rae.es",
    "enciclopedia.cat",
    "iec.cat",
    "arxiv.org",
    "scholar.google.com",
    "ncbi.nlm.nih.gov",
    "docs.",
    "developer.",
    "developers.",
    "wiki.",
  ],
  review: [
    "g2.com",
    "capterra.*",
    "trustpilot.com",
    "trustradius.com",
    "getapp.*",
    "softwareadvice.com",
    "gartner.com",
    "peerspot.com",
    "sitejabber.com",
    "yelp.*",
    "tripadvisor.*",
    "booking.com",
    "glassdoor.*",
    "pcmag.com",
    "techradar.com",
    "tomsguide.com",
    "cnet.com",
    "wirecutter.com",
    "consumerreports.org",
    "ocu.org",
    "quechoisir.org",
    "lesnumeriques.com",
    "xataka.com",
  ],
  news: [
    "nytimes.com",
    "washingtonpost.com",
    "wsj.com",
    "ft.com",
    "economist.com",
    "bloomberg.com",
    "reuters.com",
    "apnews.com",
    "bbc.co.uk",
    "bbc.com",
    "theguardian.com",
    "cnn.com",
    "forbes.com",
    "businessinsider.com",
    "techcrunch.com",
    "theverge.com",
    "wired.com",
    "arstechnica.com",
    "venturebeat.com",
    "zdnet.com",
    "engadget.com",
    "news.google.com",
    "elpais.com",
    "elmundo.es",
    "abc.es",
    "lavanguardia.com",
    "elperiodico.com",
    "expansion.com",
    "eldiario.es",
    "20minutos.es",
    "ara.cat",
    "vilaweb.cat",
    "ccma.cat",
    "rtve.es",
    "lemonde.fr",
    "lefigaro.fr",
    "liberation.fr",
    "lesechos.fr",
    "francetvinfo.fr",
    "20minutes.fr",
    "leparisien.fr",
  ],
  social: [
    "x.com",
    "twitter.com",
    "t.co",
    "linkedin.com",
    "facebook.com",
    "fb.com",
    "instagram.com",
    "tiktok.com",
    "threads.net",
    "pinterest.*",
    "snapchat.com",
    "bsky.app",
    "mastodon.social",
    "telegram.org",
    "t.me",
    "whatsapp.com",
  ],
};

const PATTERN = /^(?:[a-z0-9-]+\.)+$|^[a-z0-9-]+\.\*$|^(?:[a-z0-9-]+\.)+[a-z0-9-]+$/;

const patternSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((p) => (p.startsWith("www.") ? p.slice(4) : p))
  .refine((p) => PATTERN.test(p), {
    message: "must be a domain (example.com), any-suffix (example.*) or host prefix (docs.)",
  });

/** The operator file: `{ "review": ["example.com", "tripadvisor.*"], "news": [...] }`. */
const patterns = z.array(patternSchema).max(100_000).optional();
export const domainTaxonomyFileSchema = z
  .object({
    ugc: patterns,
    reference: patterns,
    review: patterns,
    news: patterns,
    social: patterns,
    other: patterns,
  })
  .strict();

interface TaxonomyLayer {
  /** Host or parent domain -> class. */
  domains: Map<string, ThirdPartyTaxonomy>;
  /** Registrable domain without its public suffix -> class. */
  anySuffix: Map<string, ThirdPartyTaxonomy>;
  /** First host label -> class. */
  hostPrefix: Map<string, ThirdPartyTaxonomy>;
}

/** A compiled taxonomy: operator layer (when given) first, then the built-in layer. */
export interface DomainTaxonomyList {
  readonly layers: readonly TaxonomyLayer[];
}

function compileLayer(file: DomainTaxonomyFile): TaxonomyLayer {
  const layer: TaxonomyLayer = { domains: new Map(), anySuffix: new Map(), hostPrefix: new Map() };
  for (const cls of THIRD_PARTY_TAXONOMIES) {
    for (const raw of file[cls] ?? []) {
      const p = raw.trim().toLowerCase();
      if (p.endsWith(".*")) layer.anySuffix.set(p.slice(0, -2), cls);
      else if (p.endsWith(".")) layer.hostPrefix.set(p.slice(0, -1), cls);
      else if (!p.includes("/")) layer.domains.set(p.startsWith("www.") ? p.slice(4) : p, cls);
    }
  }
  return layer;
}

const builtinLayer = compileLayer(BUILTIN_DOMAIN_TAXONOMY);

/**
 * The built-in list, optionally extended by an operator list whose entries win
 * over the built-in ones (the operator layer is consulted first, whole).
 */
export function buildDomainTaxonomy(operator?: DomainTaxonomyFile): DomainTaxonomyList {
  if (!operator) return { layers: [builtinLayer] };
  const parsed = domainTaxonomyFileSchema.parse(operator);
  return { layers: [compileLayer(parsed), builtinLayer] };
}

export const DEFAULT_DOMAIN_TAXONOMY: DomainTaxonomyList = { layers: [builtinLayer] };

/**
 * Reads the operator's JSON file (path from GEO_DOMAIN_TAXONOMY_FILE) and
 * merges it over the built-in list; without a file, the built-in list alone.
 * Throws on unreadable files, invalid JSON or entries (with the zod issues).
 */
export function loadDomainTaxonomy(options: { file?: string } = {}): DomainTaxonomyList {
  if (options.file === undefined || options.file === "") return DEFAULT_DOMAIN_TAXONOMY;
  const text = readFileSync(options.file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`domain taxonomy file ${options.file} is not valid JSON`, { cause: error });
  }
  const result = domainTaxonomyFileSchema.safeParse(json);
  if (!result.success) {
    throw new Error(
      `domain taxonomy file ${options.file} is invalid: ${z.prettifyError(result.error)}`,
    );
  }
  return buildDomainTaxonomy(result.data);
}

/**
 * The third-party class of a host. Within a layer: the host itself and its
 * parent domains (most specific first), then the any-suffix entry of the
 * registrable domain, then the host's first label; else `other`.
 */
export function classifyHost(
  list: DomainTaxonomyList,
  host: string,
  registrable: { domain: string; domainWithoutSuffix: string | null },
): ThirdPartyTaxonomy {
  for (const layer of list.layers) {
    for (let h = host; ; ) {
      const hit = layer.domains.get(h);
      if (hit) return hit;
      const dot = h.indexOf(".");
      if (dot < 0) break;
      h = h.slice(dot + 1);
    }
    if (registrable.domainWithoutSuffix) {
      const hit = layer.anySuffix.get(registrable.domainWithoutSuffix);
      if (hit) return hit;
    }
    const dot = host.indexOf(".");
    if (dot > 0 && host !== registrable.domain) {
      const hit = layer.hostPrefix.get(host.slice(0, dot));
      if (hit) return hit;
    }
  }
  return "other";
}
