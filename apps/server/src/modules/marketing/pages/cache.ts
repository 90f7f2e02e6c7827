/**
 * Rendered landing pages kept in memory, per community and slug, valid for one version of the page
 * (its updatedAt): a request looks up the page's id, status and updatedAt (one indexed read) and
 * reuses the HTML while they match, so an edit or publish in any process is never served stale.
 * Writes also drop the entry here at once. Bounded: the oldest entries go first.
 */
export interface CachedPage {
  pageId: string;
  version: string;
  etag: string;
  html: string;
}

const MAX_ENTRIES = 500;
const entries = new Map<string, CachedPage>();
let hits = 0;

const keyOf = (tenantId: string, slug: string) => `${tenantId}:${slug}`;

export const pageCache = {
  get(tenantId: string, slug: string, version: string): CachedPage | null {
    const entry = entries.get(keyOf(tenantId, slug));
    if (!entry || entry.version !== version) return null;
    hits++;
    return entry;
  },
  set(tenantId: string, slug: string, entry: CachedPage) {
    const key = keyOf(tenantId, slug);
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  },
  /** Drops every cached rendering of the page (its slug may have changed). */
  invalidate(tenantId: string, pageId: string) {
    for (const [key, entry] of entries) if (key.startsWith(`${tenantId}:`) && entry.pageId === pageId) entries.delete(key);
  },
  /** Pages served from memory since the process started (tests and metrics). */
  get hits() {
    return hits;
  },
};
