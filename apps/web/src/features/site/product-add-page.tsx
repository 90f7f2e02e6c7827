import { AddProductPage } from './product-editor';

export default AddProductPage;
