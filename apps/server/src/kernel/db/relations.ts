import { foreignKey, type PgColumn, type PgColumnBuilderBase, type PgTable, type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';

/** What happens to the records pointing at a record that is deleted. */
export const ON_DELETE = ['restrict', 'cascade', 'set null'] as const;
export type OnDelete = (typeof ON_DELETE)[number];

/** A tenant table as relations see it (the record columns every tenant table has). */
export type RelatedTable = PgTable & { tenantId: PgColumn; id: PgColumn };

export interface RelationSpec {
  /** The referencing table and its column key (e.g. categoryId). */
  table: RelatedTable;
  key: string;
  /** The SQL column name (e.g. category_id). */
  column: string;
  target: () => RelatedTable;
  /** A list of ids (uuid[]) rather than one id. */
  many: boolean;
  onDelete: OnDelete;
}

type Declared = Pick<RelationSpec, 'target' | 'many' | 'onDelete'> & { column: string };

const declared = new WeakMap<object, Declared>();
const byTable = new WeakMap<object, RelationSpec[]>();
const all: RelationSpec[] = [];

/**
 * A reference to one record of another tenant table (a resource's, or the kernel's users/files):
 * a uuid column that tenantTable() turns into a foreign key (tenant_id, column) → (tenant_id, id),
 * so a record can only point into its own community, with the delete rule chosen here.
 */
export function ref(column: string, target: () => RelatedTable, onDelete: OnDelete) {
  const builder = uuid(column);
  declared.set(builder, { column, target, many: false, onDelete });
  return builder;
}

/**
 * A many-to-many reference kept as a uuid[] column (ordered, read with the row, no join table).
 * PostgreSQL cannot put a foreign key on an array, so the resource kit enforces it instead: ids are
 * checked in one query per write, and deleting a target removes its id everywhere ('set null'),
 * deletes the referencing records ('cascade') or is refused while referenced ('restrict'). Writes
 * that bypass the kit must do the same. A join table would give a real foreign key but costs a
 * second table, a join on every read and a diff on every write for the only list relation we have
 * (a project's products, shown in the order chosen).
 */
export function refs(column: string, target: () => RelatedTable, onDelete: OnDelete) {
  const builder = uuid(column).array().notNull().default([]);
  declared.set(builder, { column, target, many: true, onDelete });
  return builder;
}

/** The relations declared among `columns` (used by tenantTable before building the table). */
export function declaredRelations(columns: Record<string, PgColumnBuilderBase>): { key: string; spec: Declared }[] {
  return Object.entries(columns).flatMap(([key, builder]) => {
    const spec = declared.get(builder);
    return spec ? [{ key, spec }] : [];
  });
}

/** Records the relations of a built table (called once per table by tenantTable). */
export function registerRelations(table: RelatedTable, relations: { key: string; spec: Declared }[]) {
  const specs = relations.map(({ key, spec }) => ({ table, key, ...spec }));
  byTable.set(table, specs);
  all.push(...specs);
}

/** The relations a table declares. */
export const relationsOf = (table: object): RelationSpec[] => byTable.get(table) ?? [];

/** Every relation of the tables loaded. */
export const allRelations = (): readonly RelationSpec[] => all;

/** Every relation that points at `target` (from any table loaded). */
export const relationsTo = (target: object): RelationSpec[] => all.filter((r) => r.target() === target);

/** The name of the foreign key a single relation creates. */
export const foreignKeyName = (tableName: string, column: string) => `${tableName}_${column}_fk`;

/**
 * The foreign keys of a table's single relations. `set null` names the column
 * (`ON DELETE SET NULL (category_id)`, PostgreSQL 15+) so tenant_id, part of the key, stays.
 */
export function foreignKeysFor(tableName: string, t: Record<string, PgColumn>, relations: { key: string; spec: Declared }[]) {
  return relations
    .filter(({ spec }) => !spec.many)
    .map(({ key, spec }) => {
      const target = spec.target();
      const action = (spec.onDelete === 'set null' ? `set null (${spec.column})` : spec.onDelete) as UpdateDeleteAction;
      return foreignKey({
        name: foreignKeyName(tableName, spec.column),
        columns: [t.tenantId, t[key]],
        foreignColumns: [target.tenantId, target.id],
      }).onDelete(action);
    });
}
