import { z } from "zod";
import { isStorableText } from "../../text/storable-text.js";

/** An identifier the database can store and index (Stripe's are `evt_…`, `cs_…`, under 255). */
const stripeId = z.string().min(1).max(255).refine(isStorableText, "must be storable text");

/**
 * What the service needs of any event. A correctly signed payload without it
 * is not a Stripe event (400); what `data.object` must hold depends on the type.
 */
export const stripeEventSchema = z.object({
  id: stripeId,
  type: z.string().min(1).max(255),
  data: z.object({ object: z.unknown() }),
});

/** The fields of a Checkout Session that crediting and failing read. */
export const checkoutSessionSchema = z.object({
  object: z.literal("checkout.session"),
  id: stripeId,
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

export type CheckoutSessionObject = z.infer<typeof checkoutSessionSchema>;
