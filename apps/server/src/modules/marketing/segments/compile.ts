import { type SQL, sql } from 'drizzle-orm';
import { errors } from '../../../kernel/resources';
import { type Channel, marketingContacts as c } from '../tables/contacts';
import { isGroup, type Rule, type RuleGroup, type RuleTree } from './rules';

/**
 * Rules → one parameterised SQL condition over marketing_contacts (referenced by its columns, so it
 * goes into any select from that table). Every value is a bound parameter; only column names, which
 * come from fixed maps, are written into the text. Each kind is shaped for an index of the table:
 * attribute equality is `attributes @> {key: value}` (GIN jsonb_path_ops), tags use && / @> (GIN),
 * consent, country, language and source are equalities (btree on tenant_id + column), windows are
 * ranges on created_at / last_activity_at (btree).
 */

const DAY_MS = 86_400_000;

export const consentColumn: Record<Channel, SQL> = {
  email: sql`${c.emailConsent}`,
  sms: sql`${c.smsConsent}`,
  whatsapp: sql`${c.whatsappConsent}`,
  push: sql`${c.pushConsent}`,
};

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const oneOf = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** `s` matched literally by LIKE and ILIKE: backslash, % and _ escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function attributeCondition(rule: Extract<Rule, { type: 'attribute' }>): SQL {
  const pair = () => sql`${JSON.stringify({ [rule.key]: rule.value })}::jsonb`;
  switch (rule.op) {
    case 'equals':
      return sql`${c.attributes} @> ${pair()}`;
    case 'not_equals':
      return sql`not (${c.attributes} @> ${pair()})`;
    case 'contains':
      return sql`(${c.attributes} ->> ${rule.key}) ilike ${`%${escapeLike(String(rule.value))}%`}`;
    case 'greater':
    case 'less': {
      // A JSON path compares numbers with numbers and text with text; a value of another type
      // (or none) simply does not match, where a cast would fail the whole query.
      const path = `$."${rule.key}" ? (@ ${rule.op === 'greater' ? '>' : '<'} $v)`;
      return sql`jsonb_path_exists(${c.attributes}, ${path}::jsonpath, ${JSON.stringify({ v: rule.value })}::jsonb)`;
    }
    case 'exists':
      return sql`(${c.attributes} ? ${rule.key})`;
    case 'not_exists':
      return sql`not (${c.attributes} ? ${rule.key})`;
  }
}

function listCondition(column: SQL, op: 'in' | 'not_in', values: string[]): SQL {
  return op === 'in' ? sql`${column} in ${oneOf(values)}` : sql`(${column} is null or ${column} not in ${oneOf(values)})`;
}

function windowCondition(rule: Extract<Rule, { type: 'created' | 'last_activity' }>, now: Date): SQL {
  const column = rule.type === 'created' ? sql`${c.createdAt}` : sql`${c.lastActivityAt}`;
  switch (rule.op) {
    case 'within_days':
      return sql`${column} >= ${at(new Date(now.getTime() - rule.days * DAY_MS))}`;
    case 'not_within_days':
      // Never active counts as "not active in the last N days".
      return sql`(${column} is null or ${column} < ${at(new Date(now.getTime() - rule.days * DAY_MS))})`;
    case 'before':
      return sql`${column} < ${at(new Date(rule.date))}`;
    case 'after':
      return sql`${column} > ${at(new Date(rule.date))}`;
  }
}

/**
 * Engagement (opens, clicks …) is recorded by the campaigns issue; until then a rule on it cannot be
 * answered truthfully, so it is refused rather than matching nobody. See rules.ts for the plug-in.
 */
function engagementCondition(_rule: Extract<Rule, { type: 'engagement' }>): SQL {
  throw errors.validation({ rules: 'Engagement rules (opened, clicked …) become available when campaigns are sent' });
}

export function ruleCondition(rule: Rule, now: Date): SQL {
  switch (rule.type) {
    case 'attribute':
      return attributeCondition(rule);
    case 'tags': {
      const tags = textArray(rule.values);
      if (rule.op === 'any') return sql`${c.tags} && ${tags}`;
      if (rule.op === 'all') return sql`${c.tags} @> ${tags}`;
      return sql`not (${c.tags} && ${tags})`;
    }
    case 'consent':
      return sql`${consentColumn[rule.channel]} = ${rule.status}`;
    case 'country':
      return listCondition(sql`${c.country}`, rule.op, rule.values);
    case 'language':
      return listCondition(sql`${c.language}`, rule.op, rule.values);
    case 'source':
      return listCondition(sql`${c.source}`, rule.op, rule.values);
    case 'created':
    case 'last_activity':
      return windowCondition(rule, now);
    case 'engagement':
      return engagementCondition(rule);
  }
}

const joined = (op: 'and' | 'or', parts: SQL[]) => sql`(${sql.join(parts, op === 'and' ? sql` and ` : sql` or `)})`;

/** The whole tree as one condition; an empty tree matches every contact. */
export function compileRules(tree: RuleTree, now = new Date()): SQL {
  if (tree.rules.length === 0) return sql`true`;
  return joined(
    tree.op,
    tree.rules.map((r: Rule | RuleGroup) =>
      isGroup(r)
        ? joined(
            r.op,
            r.rules.map((x) => ruleCondition(x, now)),
          )
        : ruleCondition(r, now),
    ),
  );
}
