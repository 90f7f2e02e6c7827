import { createStore } from '../../lib/store';

export interface RecentRecord {
  href: string;
  label: string;
  resource: string;
}

const LIMIT = 6;

/** Records opened from the command palette in this session, most recent first (kept in memory only). */
export const recentRecords = createStore<RecentRecord[]>([]);

export function rememberRecord(record: RecentRecord) {
  const others = recentRecords.get().filter((r) => r.href !== record.href);
  recentRecords.set([record, ...others].slice(0, LIMIT));
}
