import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { movedAddress } from '../src/app/moved-address';
import { routes } from '../src/app/router';
import { LIST_SCREENS, RECORD_LINKS, REGISTERED_PATHS, SCREENS, screenByPath } from '../src/config/screens';

/** The contract's console routes (a copy of the spec's console-routes.tsv, kept in the repository). */
const CONTRACT = readFileSync(join(__dirname, 'fixtures/console-routes.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('path\t'))
  .map((l) => l.split('\t')[0]);

/** The contract paths the console served before the screen table (app/router.tsx's hand-kept list). */
const SERVED_BEFORE = [
  '/login',
  '/forgot-password',
  '/profile-v',
  '/admin-panel/dashboard',
  '/admin-panel/my-admin',
  '/admin-panel/user-role',
  '/admin-panel/controlcenter',
  '/admin-panel/controlcenter/settings/admin-management',
  '/admin-panel/controlcenter/settings/role-management',
  '/admin-panel/controlcenter/user-mgmt/all-users',
  '/admin-panel/controlcenter/settings/version',
  '/admin-panel/controlcenter/settings/error-management',
  '/admin-panel/controlcenter/performance/error-log',
  '/admin-panel/controlcenter/performance/application-log',
  '/admin-panel/notifications',
  '/admin-panel/branding',
  ...[
    'home',
    'add-banner',
    'edit-banner',
    'productDesign',
    'Product-addProductDesign',
    'product-editProductDesign',
    'Product-Categories',
    'Product-SubCategories',
    'projects',
    'category',
    'blogs',
    'blog-management',
    'blogs-category',
    'event',
    'Catalogue',
    'Investor-Relation',
    'Investor-Category-Relation',
    'Investor-SubCategory-Relation',
    'contact-page',
    'Country',
    'State',
    'City',
    'getintouch',
    'design-enquiry',
    'careers',
    'event-registration',
    'download-catalogue',
    'subscribedusers',
  ].map((p) => `/admin-panel/${p}`),
];

/** The screen-table entry the router renders for a path (undefined = not-found or a redirect). */
function screenServing(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const last = matches[matches.length - 1];
  return (last?.route.handle as { screen?: { path: string } } | undefined)?.screen;
}

describe('the screen table', () => {
  it('the router serves every contract path it served before, each by its own screen', () => {
    for (const path of SERVED_BEFORE) {
      expect(CONTRACT, `${path} is a contract path`).toContain(path);
      expect(REGISTERED_PATHS, path).toContain(path);
      expect(screenServing(path)?.path, path).toBe(path);
    }
  });

  it('every registered path is a contract route (or says why it is beyond the contract), served once, and an unknown path is not a screen', () => {
    expect(new Set(REGISTERED_PATHS).size).toBe(REGISTERED_PATHS.length);
    for (const path of REGISTERED_PATHS) {
      const beyond = SCREENS.find((s) => s.path === path)?.beyondContract;
      if (beyond) {
        expect(CONTRACT, path).not.toContain(path);
        expect(beyond.length, `${path}: say why it is beyond the contract`).toBeGreaterThan(20);
      } else {
        expect(CONTRACT, path).toContain(path);
      }
      expect(screenServing(path)?.path, path).toBe(path);
    }
    expect(screenServing('/admin-panel/studio')).toBeUndefined();
    expect(screenServing('/admin-panel')).toBeUndefined();
  });

  it('gives each screen one name: labels are unique except an alias, which names its screen', () => {
    const own = SCREENS.filter((s) => !s.aliasOf);
    const labels = own.map((s) => s.label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    for (const alias of SCREENS.filter((s) => s.aliasOf)) {
      const target = own.find((s) => s.path === alias.aliasOf);
      expect(target?.label, alias.path).toBe(alias.label);
      expect(alias.nav).toBe(false);
    }
  });

  it('renders each screen from a component or, for a list screen, from the resource or tabs it names; a moved page leads to one', () => {
    for (const s of SCREENS) expect(Boolean(s.component || s.resource || s.tabs || s.movedTo), s.path).toBe(true);
    for (const s of SCREENS.filter((x) => x.movedTo)) {
      const target = SCREENS.find((x) => x.path === s.movedTo?.split('?')[0]);
      expect(target?.resource, s.path).toEqual(expect.any(String));
    }
    const plain = SCREENS.filter((s) => s.resource);
    expect(plain.map((s) => s.resource)).toContain('site/countries');
  });

  it('opens a record found by the palette on its list screen, as ?record=<id>', () => {
    expect(RECORD_LINKS['site/products'].href('p 1')).toBe('/admin-panel/productDesign?record=p%201');
    expect(RECORD_LINKS['site/blogs'].href('b1')).toBe('/admin-panel/blogs?record=b1');
    // Records with a page of their own use the same parameter.
    expect(RECORD_LINKS['commerce/products'].href('p1')).toBe('/admin-panel/controlcenter/e-commerce/myproduct?record=p1');
    expect(RECORD_LINKS['marketing/landing-pages'].href('l1')).toBe('/admin-panel/landing-page?record=l1');
    expect(RECORD_LINKS['marketing/email-templates'].href('t1')).toBe('/admin-panel/templatelayout-1?record=t1');
    expect(RECORD_LINKS['marketing/audiences'].href('a1')).toBe('/admin-panel/segment?tab=audiences&record=a1');
    expect(RECORD_LINKS['site/countries'].href('c1')).toBe('/admin-panel/Country?record=c1');
    expect(RECORD_LINKS['identity/admins'].href('a1')).toBe('/admin-panel/controlcenter/settings/admin-management?record=a1');
    expect(LIST_SCREENS['site/products']).toBe('/admin-panel/productDesign');
    for (const link of Object.values(RECORD_LINKS)) {
      const path = link.href('x').split('?')[0];
      expect(REGISTERED_PATHS, link.resource).toContain(path);
    }
  });
});

describe('older addresses of list screens', () => {
  const at = (path: string) => movedAddress(screenByPath(path.split('?')[0])!, new URL(path, 'http://console'));

  it('lead a moved editor page to its list screen, its ?id= becoming ?record=', () => {
    expect(at('/admin-panel/product-editProductDesign?id=p1')).toBe('/admin-panel/productDesign?record=p1');
    expect(at('/admin-panel/edit-banner?id=b1')).toBe('/admin-panel/home?record=b1');
    expect(at('/admin-panel/edit-banner')).toBe('/admin-panel/home');
    expect(at('/admin-panel/add-banner')).toBe('/admin-panel/home?record=new');
    expect(at('/admin-panel/blog-management')).toBe('/admin-panel/blogs?record=new');
    expect(at('/admin-panel/blog-management?id=b2')).toBe('/admin-panel/blogs?record=b2');
    expect(at('/admin-panel/Product-addProductDesign')).toBe('/admin-panel/productDesign?record=new');
    expect(at('/admin-panel/controlcenter/e-commerce/newproduct?id=p1')).toBe('/admin-panel/controlcenter/e-commerce/myproduct?record=p1');
    expect(at('/admin-panel/controlcenter/e-commerce/newproduct?copy=p1')).toBe(
      '/admin-panel/controlcenter/e-commerce/myproduct?copy=p1&record=new',
    );
  });

  it("turn a record's own page's ?id= into ?record= (and an editor's ?from= into ?copy=), and leave current addresses alone", () => {
    expect(at('/admin-panel/campaign-details?id=c1')).toBe('/admin-panel/campaign-details?record=c1');
    expect(at('/admin-panel/marcom/email-campaign?id=c1')).toBe('/admin-panel/marcom/email-campaign?record=c1');
    expect(at('/admin-panel/marcom/drips?id=new')).toBe('/admin-panel/marcom/drips?record=new');
    expect(at('/admin-panel/landing-page?id=l1')).toBe('/admin-panel/landing-page?record=l1');
    expect(at('/invoice?id=i1')).toBe('/invoice?record=i1');
    expect(at('/admin-panel/templatelayout-2?id=t1')).toBe('/admin-panel/templatelayout-2?record=t1');
    expect(at('/admin-panel/templatelayout-3?from=t1')).toBe('/admin-panel/templatelayout-3?copy=t1');
    expect(at('/admin-panel/campaign-details?record=c1')).toBeNull();
    expect(at('/admin-panel/templatelayout-3?copy=t1')).toBeNull();
    expect(at('/invoice')).toBeNull();
  });

  it('turn a record parameter a screen used to have into ?record=, with its tab, and leave current addresses alone', () => {
    expect(at('/admin-panel/segment?segment=s1')).toBe('/admin-panel/segment?record=s1');
    expect(at('/admin-panel/segment?audience=a1')).toBe('/admin-panel/segment?record=a1&tab=audiences');
    expect(at('/admin-panel/getintouch?id=m1&q=Pune')).toBe('/admin-panel/getintouch?q=Pune&record=m1');
    expect(at('/admin-panel/segment?tab=audiences&record=a1')).toBeNull();
    expect(at('/admin-panel/getintouch?q=Pune')).toBeNull();
  });

  it('are answered by a redirect from the route itself', async () => {
    const loader = matchRoutes(routes, '/admin-panel/edit-banner')?.at(-1)?.route.loader;
    expect(typeof loader).toBe('function');
    const request = new Request('http://console/admin-panel/edit-banner?id=b1');
    const response = await (loader as (args: { request: Request }) => Promise<Response>)({ request });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/admin-panel/home?record=b1');
  });
});
