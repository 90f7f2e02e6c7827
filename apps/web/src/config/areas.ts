import { GROUPS } from './screens';

/**
 * Display names of the permission modules' areas (GET /api/v1/meta/modules → area): the label of the
 * navigation group that declares the area (`NavGroupDeclaration.areas`), so the roles' matrix and the
 * navigation name an area the same way; an undeclared area is its key, capitalised.
 */
export function areaLabel(area: string): string {
  return GROUPS.find((g) => g.areas?.includes(area))?.label ?? area.charAt(0).toUpperCase() + area.slice(1);
}
