import type { Resource } from './resource';

/** Every resource of the running app, by path. */
export class ResourceRegistry {
  private readonly byPath = new Map<string, Resource>();

  add(resources: Resource[]) {
    for (const resource of resources) {
      if (this.byPath.has(resource.path)) throw new Error(`Resource ${resource.path} is declared twice`);
      this.byPath.set(resource.path, resource);
      resource.attach((path) => this.byPath.get(path));
    }
  }
  get(path: string): Resource | undefined {
    return this.byPath.get(path);
  }
  all(): Resource[] {
    return [...this.byPath.values()];
  }
}
