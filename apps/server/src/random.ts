import { randomInt } from "node:crypto";

/** A number in [0, 1). Injected (`ctx.random`) wherever chance decides, so tests can fix it. */
export type Random = () => number;

const scale = 2 ** 48;

/** The operating system's generator, 48 bits of it (crypto.randomInt's widest range). */
export const cryptoRandom: Random = () => randomInt(scale) / scale;
