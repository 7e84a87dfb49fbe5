import type { LanguagePack } from "./types.js";

export const en: LanguagePack = {
  intro: [
    "There are several solid options for {topic}, and the right choice depends on your team size and budget.",
    "When it comes to {topic}, a handful of tools come up again and again in reviews and community threads.",
    "Choosing a solution for {topic} usually comes down to ease of use, integrations and price.",
  ],
  introWithEntity: [
    "For {topic}, {e} is one of the names that comes up most often.",
    "If you are looking into {topic}, {e} is a common starting point.",
  ],
  positive: [
    "{e} is widely praised for its clean interface and fast onboarding.",
    "Many reviewers recommend {e} for its reliable support and strong integrations.",
    "{e} stands out for good value, especially for growing teams.",
  ],
  neutral: [
    "{e} offers a comparable feature set with flexible pricing tiers.",
    "{e} is another established option that covers the core use cases.",
    "{e} is often mentioned in comparisons, with a mix of free and paid plans.",
  ],
  negative: [
    "Some users report that {e} gets expensive as usage grows.",
    "{e} is capable, but reviewers mention a steeper learning curve.",
    "A few community threads criticise {e} for slow customer support.",
  ],
  pair: [
    "{a} and {b} are frequently compared, with {a} seen as simpler and {b} as more customizable.",
    "Between {a} and {b}, the choice mostly depends on which integrations you need.",
  ],
  list: [
    "Other options worth considering include {list}.",
    "You may also want to look at {list}.",
    "Lists of top picks often include {list}.",
    "Popular alternatives mentioned by users are {list}.",
  ],
  filler: [
    "It is worth running a short trial before committing to an annual plan.",
    "Check how each tool handles data export, permissions and reporting for {topic}.",
    "Pricing changes often, so compare the current plans on each vendor's website.",
  ],
  closing: [
    "In short, shortlist two or three tools and test them against your own workflow.",
    "Overall, the best fit for {topic} depends on your priorities and existing stack.",
    "Reading recent reviews and community discussions will help you narrow the choice.",
  ],
  and: "and",
  defaultTopic: "this category",
  stopwords: new Set(
    "a an the and or of for to in on at by with from about is are was be can do does what which who how why where when best top good great better vs versus i me my we our you your it its this that these those some any most more than should would could recommend recommended alternative alternatives tool tools".split(
      " ",
    ),
  ),
  queryPrefixes: ["best", "top"],
  querySuffixes: ["reviews", "comparison", "pricing"],
};
