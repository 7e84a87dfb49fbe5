import type { CrawlerAccess } from "../../web/check-crawler-access.js";
import { type Crawler, crawlers } from "../../web/crawlers.js";
import type { FetchResult } from "../../web/fetch-result.js";
import type { PageCheck, PageCheckSeverity, PageCheckStatus } from "../../web/page-check.js";
import type { CrawlerDirectives } from "../../web/robots-directives.js";
import type { RobotsVerdict } from "../../web/robots-rules.js";

/**
 * What a blocked crawler costs, by what it does (docs/page-evaluations.md, "Severity policy"):
 * a search index behind an answer engine is critical, a fetch a person asked for high, a
 * crawler for search and training medium; a training-only crawler is a choice the site makes,
 * reported as a `warn` of low severity.
 */
const byPurpose: Readonly<
  Record<Crawler["purpose"], { severity: PageCheckSeverity; blocked: PageCheckStatus }>
> = {
  search: { severity: "critical", blocked: "fail" },
  user_fetch: { severity: "high", blocked: "fail" },
  search_and_training: { severity: "medium", blocked: "warn" },
  training: { severity: "low", blocked: "warn" },
};

const purposeWords: Readonly<Record<Crawler["purpose"], string>> = {
  search: "its search index, which answers are grounded in",
  user_fetch: "pages people ask it to read",
  search_and_training: "search and model training",
  training:
    "model training only (blocking it is a choice: answers still cite pages its search crawler reads)",
};

/**
 * The access checks of a page that was fetched: robots.txt (the file, then each crawler with the
 * deciding line), meta robots and `X-Robots-Tag` per crawler, the browser-versus-crawler fetch,
 * and `llms.txt` (informational).
 */
export function buildAccessChecks(options: {
  access: CrawlerAccess;
  llms: FetchResult;
}): PageCheck[] {
  const { access } = options;
  const byToken = new Map(access.directives.perCrawler.map((d) => [d.token, d]));
  return [
    robotsFileCheck(access),
    ...access.robots.verdicts.map(robotsCheck),
    ...directiveChecks(crawlers.map((c) => byToken.get(c.token)).filter((d) => d !== undefined)),
    differentialCheck(access),
    llmsCheck(options.llms),
  ];
}

function crawlerOf(token: string): Crawler {
  const crawler = crawlers.find((c) => c.token === token);
  if (!crawler) throw new Error(`unknown crawler ${token}`);
  return crawler;
}

function robotsFileCheck(access: CrawlerAccess): PageCheck {
  const file = access.robots.file;
  const base = {
    id: "access.robots_txt",
    category: "access" as const,
    title: "robots.txt",
    evidence: [{ label: "robots.txt", value: file.url }],
  };
  if (file.state === "found")
    return {
      ...base,
      status: "pass",
      severity: "high",
      summary: "robots.txt was read; each crawler's verdict follows.",
      fix: null,
    };
  if (file.state === "missing")
    return {
      ...base,
      status: "info",
      severity: "low",
      summary: `No robots.txt (HTTP ${file.status}): every crawler may read the site.`,
      evidence: [...base.evidence, { label: "status", value: String(file.status) }],
      fix: null,
    };
  return {
    ...base,
    status: "fail",
    severity: "high",
    summary:
      "robots.txt could not be read (a server error or no answer), so crawlers treat the whole site as disallowed.",
    evidence: [...base.evidence, { label: "error", value: file.detail }],
    fix: "Make /robots.txt answer 200 with your rules, or 404 if you have none.",
  };
}

function robotsCheck(verdict: RobotsVerdict): PageCheck {
  const crawler = crawlerOf(verdict.token);
  const policy = byPurpose[crawler.purpose];
  const evidence: PageCheck["evidence"] = verdict.line
    ? [{ label: "robots.txt", value: verdict.line.text, line: verdict.line.number }]
    : [{ label: "robots.txt", value: whyWords[verdict.why] }];
  if (verdict.group) evidence.push({ label: "group", value: `User-agent: ${verdict.group}` });
  const base = {
    id: `access.robots.${crawler.token}`,
    category: "access" as const,
    title: `robots.txt allows ${crawler.token}`,
    severity: policy.severity,
  };
  if (verdict.allowed)
    return {
      ...base,
      status: "pass",
      summary: `${crawler.token} (${crawler.operator}, ${purposeWords[crawler.purpose]}) may read this page.`,
      evidence,
      fix: null,
    };
  const unreachable = verdict.why === "robots_txt_unreachable";
  return {
    ...base,
    status: policy.blocked,
    summary: `${crawler.token} (${crawler.operator}, ${purposeWords[crawler.purpose]}) is ${
      unreachable ? "kept out because robots.txt cannot be read" : "disallowed by robots.txt"
    }${crawler.userInitiated ? "; its operator says user-initiated fetches may ignore robots.txt" : ""}.`,
    evidence,
    fix: unreachable
      ? "Make /robots.txt answer 200 (or 404)."
      : `Allow ${crawler.token} in robots.txt (a group "User-agent: ${crawler.token}" with "Allow: /"), if you want ${crawler.operator} to use this page.`,
  };
}

const whyWords: Readonly<Record<RobotsVerdict["why"], string>> = {
  rule: "a rule",
  no_matching_rule: "no rule matches this page",
  no_robots_txt: "no robots.txt",
  robots_txt_unreachable: "robots.txt unreachable",
};

/** One check when no crawler is told anything; otherwise one per crawler a directive reaches. */
function directiveChecks(perCrawler: CrawlerDirectives[]): PageCheck[] {
  const told = perCrawler.filter((d) => d.directives.length > 0);
  if (told.length === 0)
    return [
      {
        id: "access.meta_robots",
        category: "access",
        title: "No noindex, nosnippet or noai",
        status: "pass",
        severity: "high",
        summary: "Neither a robots meta tag nor an X-Robots-Tag header keeps crawlers out.",
        evidence: [],
        fix: null,
      },
    ];
  return told.map((d) => {
    const crawler = crawlerOf(d.token);
    const noindex = d.directives.includes("noindex");
    const nosnippet = d.directives.includes("nosnippet");
    const status: PageCheckStatus = noindex
      ? byPurpose[crawler.purpose].blocked
      : nosnippet || d.directives.includes("noai")
        ? "warn"
        : "info";
    return {
      id: `access.meta_robots.${crawler.token}`,
      category: "access" as const,
      title: `Page directives for ${crawler.token}`,
      status,
      severity: noindex ? byPurpose[crawler.purpose].severity : nosnippet ? "high" : "medium",
      summary: `${crawler.token} is told ${d.directives.join(", ")}: ${
        noindex
          ? "the page stays out of its index and answers"
          : nosnippet
            ? "answers may not quote the page"
            : "the page asks not to be used for AI"
      }.`,
      evidence: d.evidence.map((value) => ({
        label: value.startsWith("X-Robots-Tag") ? "header" : "meta",
        value,
      })),
      fix: `Remove ${d.directives.join(", ")} from the robots meta tag or X-Robots-Tag header, if ${crawler.token} should use this page.`,
    };
  });
}

function differentialCheck(access: CrawlerAccess): PageCheck {
  const d = access.differential;
  const evidence = [
    { label: "browser", value: describeFetch(d.browser) },
    { label: d.token, value: describeFetch(d.crawler) },
  ];
  const base = {
    id: "access.differential",
    category: "access" as const,
    title: "Crawlers get the page a browser gets",
    evidence,
  };
  if (d.outcome === "blocked")
    return {
      ...base,
      status: "fail",
      severity: "critical",
      summary: `The site refuses ${d.token} the page a browser gets. ${d.evidence}`,
      fix: "Let AI crawlers' user agents through the firewall, CDN or bot protection.",
    };
  if (d.outcome === "suspect")
    return {
      ...base,
      status: "warn",
      severity: "high",
      summary: `${d.evidence} It may be a challenge or an "access denied" page.`,
      fix: "Check the bot protection: crawlers should get the same content as people.",
    };
  return {
    ...base,
    status: d.outcome === "same" ? "pass" : "not_applicable",
    severity: "critical",
    summary: d.evidence,
    fix: null,
  };
}

function describeFetch(summary: CrawlerAccess["differential"]["browser"]): string {
  const status = summary.status === null ? "no answer" : `HTTP ${summary.status}`;
  return `${status}, ${summary.bytes} bytes${summary.reason ? ` (${summary.reason})` : ""}`;
}

function llmsCheck(llms: FetchResult): PageCheck {
  const found = llms.ok;
  return {
    id: "access.llms_txt",
    category: "access",
    title: "llms.txt",
    status: "info",
    severity: "low",
    summary: found
      ? `The site publishes /llms.txt (${llms.bytes} bytes); answer engines do not reliably read it.`
      : "The site has no /llms.txt; answer engines do not reliably read it, so nothing is lost.",
    evidence: [
      { label: "llms.txt", value: llms.url },
      {
        label: "result",
        value: llms.ok
          ? `HTTP ${llms.status}`
          : llms.status !== undefined
            ? `HTTP ${llms.status}`
            : llms.reason,
      },
    ],
    fix: null,
  };
}
