import type { Scope } from '../../../kernel/resources';
import { clientProfileResource } from '../resources/client-profile';

/** The brand profile as one record per community: read with defaults, write as an upsert. */
export const clientProfileService = {
  async get(scope: Scope, fallbackName: string) {
    const { data } = await clientProfileResource.list(scope, { limit: 1, offset: 0, withTotal: 'false' });
    return (
      data[0] ?? {
        id: null,
        businessName: fallbackName,
        logoUrl: null,
        faviconUrl: null,
        primaryColor: '#cd3197',
        website: null,
        email: null,
        phone: null,
        address: null,
        fontFamily: null,
        allowedOrigins: [],
        currency: 'USD',
      }
    );
  },

  async upsert(scope: Scope, fallbackName: string, patch: Record<string, unknown>) {
    const current = await this.get(scope, fallbackName);
    const allowed = clientProfileResource.schemas.update.shape as Record<string, unknown>;
    const known = Object.fromEntries(Object.entries(patch).filter(([k]) => k in allowed));
    if (current.id) return clientProfileResource.update(scope, current.id as string, known);
    return clientProfileResource.create(scope, { businessName: fallbackName, ...known });
  },
};
