// Component tests (jsdom) wait for the UI with Testing Library's find* queries, whose default
// 1 s budget is too tight when they share the machine's two cores with the browser tests: a
// render that took 1.1 s failed CI. Waits still end as soon as the element appears.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 15_000 });
}

export {};
