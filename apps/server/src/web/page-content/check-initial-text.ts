import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

/** Fewer words than this in the initial HTML is "little text". */
const LITTLE_TEXT = 50;
/** This many scripts or more is "many scripts". */
const MANY_SCRIPTS = 3;
const JS_NOTICE = /\b(java ?script|js)\b/i;

/**
 * `understanding.initial_html_text` (critical): most AI crawlers do not run JavaScript, so the
 * text must be in the HTML as served. Little text together with a sign of a script-rendered
 * app (an empty mount point such as `<div id="root"></div>`, a `<noscript>` notice asking for
 * JavaScript, or many scripts) fails, and so does an empty mount point beside a main content
 * of under 50 words (a server-rendered menu and footer around an empty app); little text
 * alone, or an empty mount point beside text, warns.
 */
export function checkInitialText({ facts, content }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.initial_html_text",
    category: "understanding",
    title: "Text without JavaScript",
    severity: "critical",
  } as const;
  const notices = facts.noscript.filter((text) => JS_NOTICE.test(text));
  const evidence = [
    { label: "words in initial HTML", value: String(facts.bodyWords) },
    { label: "words of main content", value: String(content.wordCount) },
    {
      label: "scripts",
      value: `${facts.scripts.count} (${facts.scripts.external} external, ${facts.scripts.inlineChars} characters inline)`,
    },
    ...facts.emptyAppRoots.slice(0, 3).map((tag) => ({ label: "empty app root", value: tag })),
    ...notices.slice(0, 2).map((text) => ({ label: "noscript", value: text.slice(0, 200) })),
  ];
  const appSigns =
    facts.emptyAppRoots.length > 0 || notices.length > 0 || facts.scripts.count >= MANY_SCRIPTS;
  const emptyShell = facts.emptyAppRoots.length > 0 && content.wordCount < LITTLE_TEXT;
  if ((facts.bodyWords < LITTLE_TEXT && appSigns) || emptyShell) {
    return {
      ...base,
      status: "fail",
      summary: `The served HTML has ${facts.bodyWords < LITTLE_TEXT ? facts.bodyWords : content.wordCount} words of ${facts.bodyWords < LITTLE_TEXT ? "text" : "main content"} and an app shell: the content appears only after JavaScript runs, which most AI crawlers never do.`,
      evidence,
      fix: "Render the content on the server (server-side rendering or static generation) so the HTML as served contains the text.",
    };
  }
  if (facts.bodyWords < LITTLE_TEXT) {
    return {
      ...base,
      status: "warn",
      summary: `The served HTML has only ${facts.bodyWords} words of text.`,
      evidence,
      fix: "Put the page's content in the HTML itself: crawlers read only what is served.",
    };
  }
  if (facts.emptyAppRoots.length > 0) {
    return {
      ...base,
      status: "warn",
      summary: `The served HTML has ${facts.bodyWords} words, but an empty app root suggests part of the page is rendered only by JavaScript.`,
      evidence,
      fix: "Check that everything the page should be cited for is in the served HTML; render the rest on the server.",
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The served HTML contains the text (${facts.bodyWords} words) without running scripts.`,
    evidence,
    fix: null,
  };
}
