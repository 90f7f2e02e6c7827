import { EditProductPage } from './product-editor';

export default EditProductPage;
