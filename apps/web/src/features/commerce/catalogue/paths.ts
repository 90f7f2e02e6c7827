const P = '/admin-panel/controlcenter/e-commerce';

/** The catalogue's console paths (the seed's control-center routes). */
export const CATALOGUE_PATHS = {
  newProduct: `${P}/newproduct`,
  products: `${P}/myproduct`,
  tags: `${P}/tags`,
  attributes: `${P}/attributes`,
  attributeValues: `${P}/addatrributes`,
  categories: `${P}/category`,
  settings: `${P}/shop-settings`,
  taxRates: `${P}/tax-rates`,
  banners: `${P}/banners`,
};
