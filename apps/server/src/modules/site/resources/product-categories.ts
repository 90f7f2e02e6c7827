import { siteProductCategories } from '../tables';
import { taxonomyResource } from './taxonomy';

export const productCategoriesResource = taxonomyResource({
  path: 'site/product-categories',
  table: siteProductCategories,
  label: { singular: 'Product category', plural: 'Product categories' },
  image: true,
  seo: true,
  examples: [
    {
      name: 'Porcelain tiles',
      description: 'Glazed and full-body porcelain for floors and walls',
      image: { url: 'https://images.euro-building.example/product-categories/porcelain.jpg', alt: 'Stack of porcelain tiles' },
      sortOrder: 1,
    },
    {
      name: 'WPC cladding',
      description: 'Wood-plastic composite boards for walls and ceilings',
      image: { url: 'https://images.euro-building.example/product-categories/wpc.jpg', alt: 'Wood-grain composite cladding boards' },
      sortOrder: 2,
    },
    { name: 'Sanitaryware', description: 'Basins, closets and fittings', sortOrder: 3 },
  ],
});
