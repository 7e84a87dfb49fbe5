import type { Rng } from "../../prng.js";
import type { LanguagePack } from "./templates/index.js";

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(topic|e|a|b|list)\}/g, (_, key: string) => values[key] ?? "");

export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

/** A template not used yet in this answer when one is left. */
function fresh(rng: Rng, templates: readonly string[], used: Set<string>): string {
  const unused = templates.filter((t) => !used.has(t));
  const t = rng.pick(unused.length > 0 ? unused : templates);
  used.add(t);
  return t;
}

/** Positive, neutral or negative wording for one entity (45 / 40 / 15 %). */
function single(pack: LanguagePack, rng: Rng, e: string, used: Set<string>): string {
  const tone = rng.weightedIndex([0.45, 0.4, 0.15]);
  const templates = tone === 0 ? pack.positive : tone === 1 ? pack.neutral : pack.negative;
  return fill(fresh(rng, templates, used), { e });
}

/**
 * Three to six sentences: an opening (sometimes naming the first entity), up to
 * four body sentences that name every entity in `mentions` (one, two or a list
 * per sentence, padded with entity-free sentences), and a closing.
 * `mentions` are the surface forms to print, already in mention order.
 */
export function composeSentences(
  pack: LanguagePack,
  rng: Rng,
  topic: string,
  mentions: readonly string[],
): string[] {
  const target = rng.int(3, 6);
  const remaining = mentions.slice();
  const intro =
    remaining.length > 0 && rng.chance(0.35)
      ? fill(rng.pick(pack.introWithEntity), { topic, e: remaining.shift() as string })
      : fill(rng.pick(pack.intro), { topic });

  const slots = target - 2;
  const fillers = rng.shuffle(pack.filler);
  const entitySentences: string[] = [];
  const used = new Set<string>();
  const fillerSentences: string[] = [];
  for (let i = 0; i < slots; i++) {
    if (remaining.length === 0) {
      const f = fillers.pop();
      if (f !== undefined) fillerSentences.push(fill(f, { topic }));
      continue;
    }
    const chunk = remaining.splice(0, Math.ceil(remaining.length / (slots - i)));
    const [a, b] = chunk as [string, string];
    if (chunk.length === 1) entitySentences.push(single(pack, rng, a, used));
    else if (chunk.length === 2) entitySentences.push(fill(fresh(rng, pack.pair, used), { a, b }));
    else
      entitySentences.push(fill(fresh(rng, pack.list, used), { list: joinList(chunk, pack.and) }));
  }
  // Entity-free sentences land anywhere in the body, so mention positions vary.
  const body = entitySentences;
  for (const f of fillerSentences) body.splice(rng.int(0, body.length), 0, f);
  return [intro, ...body, fill(rng.pick(pack.closing), { topic })];
}
