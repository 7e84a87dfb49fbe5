import type { SimulatedDay } from "./simulated-cells.js";

/** The truth of the significance tests: the calibration test's four entities and rates. */
export const mentionRate: Record<string, number> = {
  Acme: 0.3,
  Globex: 0.55,
  Initech: 0.15,
  Umbrella: 0.4,
};
export const citeRate: Record<string, number> = {
  Acme: 0.25,
  Globex: 0.4,
  Initech: 0.1,
  Umbrella: 0.3,
};
export const entities = Object.keys(mentionRate).map((id) => ({ id, isSelf: id === "Acme" }));
export const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.2, citation: 0.1 };

/** 40 prompts × 2 engines × 2 repetitions a day (160 answers), as issue 14 specifies. */
export const day: SimulatedDay = {
  prompts: 40,
  engines: ["sim-alpha", "sim-beta"],
  repetitions: 2,
  mentionRate,
  citeRate,
};
