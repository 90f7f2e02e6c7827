/** Console paths of the website-content screens (children of /admin-panel). */
const P = '/admin-panel';

export const SITE_PATHS = {
  products: `${P}/productDesign`,
  addProduct: `${P}/Product-addProductDesign`,
  editProduct: `${P}/product-editProductDesign`,
  banners: `${P}/home`,
  addBanner: `${P}/add-banner`,
  editBanner: `${P}/edit-banner`,
  blogs: `${P}/blogs`,
  blogEditor: `${P}/blog-management`,
} as const;
