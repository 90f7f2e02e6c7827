import type { Database } from './database';

/** One value per database, made on first use: a cache that lives as long as the app's database. */
export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const values = new WeakMap<Database, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}

/** A service the app binds to its database when built, reachable from anything holding that database. */
export function boundToDatabase<T>(what: string) {
  const values = new WeakMap<Database, T>();
  return {
    bind(db: Database, value: T): void {
      values.set(db, value);
    },
    of(db: Database): T {
      const value = values.get(db);
      if (!value) throw new Error(`No ${what} for this database: build the app first`);
      return value;
    },
  };
}
