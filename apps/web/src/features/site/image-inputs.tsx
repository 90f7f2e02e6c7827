import type { WidgetProps } from '../../kit/field-input';
import { ImageListInput, ImageObjectInput, type ImageUploader } from '../../kit/image-input';
import { formValueOf, imageOf, parseImage, parseImages, uploadSiteFiles } from './site-api';

/** Site uploads: stored with a thumbnail made by the server (POST /api/v1/site/uploads). */
const uploadSiteImages: ImageUploader = async (files) => (await uploadSiteFiles(files)).map(imageOf);

/** Form widgets (kit/resource-form) for the site's image fields: the kit's inputs, uploading through the site. */
export function ImageWidget({ field, input, mode, disabled }: WidgetProps) {
  return (
    <ImageObjectInput
      label={field.label}
      description={field.help}
      required={field.required && mode === 'create'}
      error={input.error}
      disabled={disabled}
      uploader={uploadSiteImages}
      value={parseImage(input.value)}
      onChange={(image) => input.onChange(formValueOf(field.kind, image))}
    />
  );
}

export function GalleryWidget({ field, input, disabled }: WidgetProps) {
  return (
    <ImageListInput
      label={field.label}
      description={field.help}
      error={input.error}
      disabled={disabled}
      max={field.schema.maxItems}
      uploader={uploadSiteImages}
      value={parseImages(input.value)}
      onChange={(images) => input.onChange(formValueOf(field.kind, images))}
    />
  );
}
