import type { SearchLocation } from "@geopulse/api-types";
import { z } from "zod";

const stored = z.object({
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/**
 * A workspace's stored search location (`workspaces.search_location`, written only from the
 * validated settings), or null when none is set or the stored value is not one.
 */
export function readSearchLocation(value: unknown): SearchLocation | null {
  const parsed = stored.safeParse(value);
  return parsed.success ? parsed.data : null;
}
