// Which bot rule answers an inbound message: the active rules in priority order, the first whose
// keyword matches (case and accents aside) as a whole word, the whole message, or anywhere in it.

export interface BotRule {
  id: string;
  keywords: string[];
  match: 'word' | 'exact' | 'contains';
  priority: number;
  active: boolean;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matches(rule: BotRule, text: string): boolean {
  return rule.keywords.some((k) => {
    const keyword = fold(k);
    if (!keyword) return false;
    if (rule.match === 'exact') return text === keyword;
    if (rule.match === 'contains') return text.includes(keyword);
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(keyword)}($|[^\\p{L}\\p{N}])`, 'u').test(text);
  });
}

export function matchRule<R extends BotRule>(rules: R[], message: string): R | null {
  const text = fold(message);
  const ordered = rules.filter((r) => r.active).sort((a, b) => a.priority - b.priority);
  return ordered.find((r) => matches(r, text)) ?? null;
}
