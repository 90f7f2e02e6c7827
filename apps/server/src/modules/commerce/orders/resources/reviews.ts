import { defineResource, noWrites } from '../../../../kernel/resources';
import { commerceReviews } from '../../tables';

/**
 * Product reviews and their moderation: customers write them in the storefront (pending); an
 * approved one is published and counts in the product's average rating, which every change keeps current.
 */
export const reviewsResource = defineResource({
  path: 'commerce/reviews',
  module: 'commerce-orders',
  table: commerceReviews,
  label: { singular: 'Review', plural: 'Reviews' },
  // Written by customers; moderated (approve, reject, delete) through its actions, which keep the product's rating current.
  operations: noWrites,
  list: { search: ['authorName', 'title'], filters: ['status', 'productId', 'rating', 'createdAt'], sort: ['rating'] },
  fields: {
    status: {
      options: { pending: { label: 'Awaiting moderation', color: 'yellow' }, approved: { color: 'green' }, rejected: { color: 'gray' } },
    },
    body: { widget: 'textarea' },
    productId: { label: 'Product' },
    customerId: { label: 'Customer' },
    verifiedPurchase: { label: 'Verified purchase' },
  },
  ui: {
    title: 'authorName',
    columns: ['createdAt', 'productId', 'authorName', 'rating', 'title', 'verifiedPurchase', 'status'],
    attention: [{ label: 'to moderate', filter: { status: 'pending' } }],
  },
  examples: [],
});
