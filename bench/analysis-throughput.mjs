// Answer-analysis throughput on one core: generates N simulated answers (en, es,
// ca, fr in turn) for a brand with 12 competitors, then times only the analysis.
// Build first: `cd apps/server && npx tsc -p tsconfig.build.json`.
// Usage: node bench/analysis-throughput.mjs [N=20000]
import { createAnswerAnalyzer } from "../apps/server/dist/analysis/analyze-answer.js";
import { createSimulatedEngine } from "../apps/server/dist/engines/simulated/simulated-engine.js";

const TARGET_PER_SECOND = 5000;
const n = Number(process.argv[2] ?? 20_000);
if (!Number.isInteger(n) || n < 1)
  throw new Error(`N must be a positive integer, got ${process.argv[2]}`);

const competitors = [
  ["Acme Cloud", ["acmecloud.com"], []],
  ["Globex", ["globex.com"], ["Globex Corporation"]],
  ["Initech", ["initech.io"], ["Initrode"]],
  ["Umbrella", ["umbrella.dev"], ["Umbrella HQ"]],
  ["Café Olé", ["cafeole.es"], []],
  ["Hooli", ["hooli.xyz"], ["Hooli XYZ"]],
  ["Pied Piper", ["piedpiper.com"], []],
  ["Soylent", ["soylent.com"], []],
  ["Tyrell", ["tyrell.com"], ["Tyrell Corp"]],
  ["Wonka", ["wonka.com"], []],
  ["Stark Industries", ["stark.com"], ["Stark"]],
  ["Òmnium Digital", ["omnium.cat"], []],
].map(([name, domains, aliases]) => ({ name, domains, aliases }));

const prompts = {
  en: "What is the best CRM for small businesses?",
  es: "¿Cuál es el mejor CRM para pequeñas empresas?",
  ca: "Quin és el millor CRM per a petites empreses?",
  fr: "Quel est le meilleur CRM pour les petites entreprises ?",
};
const languages = Object.keys(prompts);

const subject = {
  entities: [
    {
      id: "self",
      name: "Acme",
      isSelf: true,
      aliases: [],
      domains: ["acme.com", "acme.io"],
      ambiguous: false,
    },
    ...competitors.map((c, i) => ({
      id: `c${i}`,
      name: c.name,
      isSelf: false,
      aliases: c.aliases,
      domains: c.domains,
      // One ambiguous competitor exercises the disambiguation path.
      ambiguous: c.name === "Umbrella",
    })),
  ],
  categoryTerms: ["CRM", "customer relationship management"],
};

const engine = createSimulatedEngine();
const inputs = [];
for (let i = 0; i < n; i++) {
  const language = languages[i % languages.length];
  const context = {
    brand: "Acme",
    brandDomains: ["acme.com", "acme.io"],
    competitors,
    language,
    region: null,
  };
  const a = await engine.ask({
    prompt: prompts[language],
    model: "sim-1",
    seed: `bench-${i}`,
    context,
  });
  inputs.push({ answer: a.answer, citations: a.citations, language });
}

const analyze = createAnswerAnalyzer(subject);
// Warm-up (JIT, per-host caches), then the timed pass.
for (let i = 0; i < Math.min(n, 2000); i++) analyze(inputs[i]);

let mentions = 0;
let citations = 0;
const t0 = process.hrtime.bigint();
for (const input of inputs) {
  const r = analyze(input);
  mentions += r.mentions.length;
  citations += r.citations.length;
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const perSecond = n / seconds;
const chars = inputs.reduce((sum, x) => sum + x.answer.length, 0) / n;

console.log(
  `answers analysed: ${n} (mean ${chars.toFixed(0)} chars, ${mentions} mentions, ${citations} citations)`,
);
console.log(
  `analysis time: ${(seconds * 1000).toFixed(0)} ms (${((seconds / n) * 1e6).toFixed(1)} µs/answer)`,
);
console.log(`throughput: ${perSecond.toFixed(0)} answers/s`);
console.log(
  `ratio to target (${TARGET_PER_SECOND}/s): ${(perSecond / TARGET_PER_SECOND).toFixed(2)}x`,
);
