import type { Resource } from './resource';

/** Every resource of the running app, by path and by table. */
export class ResourceRegistry {
  private readonly byPath = new Map<string, Resource>();
  private readonly byTable = new Map<object, Resource>();

  add(resources: Resource[]) {
    for (const resource of resources) {
      if (this.byPath.has(resource.path)) throw new Error(`Resource ${resource.path} is declared twice`);
      this.byPath.set(resource.path, resource);
      // The first resource over a table is the one relations to that table name (e.g. users → identity/admins).
      if (!this.byTable.has(resource.table)) this.byTable.set(resource.table, resource);
      resource.attach(
        (table) => this.byTable.get(table),
        (path) => this.byPath.get(path),
      );
    }
  }
  get(path: string): Resource | undefined {
    return this.byPath.get(path);
  }
  forTable(table: object): Resource | undefined {
    return this.byTable.get(table);
  }
  all(): Resource[] {
    return [...this.byPath.values()];
  }
}
