/**
 * The price of an SEO refresh (docs/seo.md): each API page fetched from Search Console or
 * GA4 (the empty last page of a source too) costs `SEO_PRICE_PER_PAGE_MICROUSD`, and a source
 * fetches at most `SEO_MAX_PAGES_PER_SOURCE` pages, so a refresh's reservation (that many pages
 * per source pulled) bounds what it is ever charged.
 */
export const SEO_PRICE_PER_PAGE_MICROUSD = 500n;
export const SEO_MAX_PAGES_PER_SOURCE = 40;

/** What a refresh over `sources` sources reserves. */
export function seoRefreshReservationMicrousd(sources: number): bigint {
  return SEO_PRICE_PER_PAGE_MICROUSD * BigInt(SEO_MAX_PAGES_PER_SOURCE * sources);
}
