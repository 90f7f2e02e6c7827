import { Group, Image, Text } from '@mantine/core';
import type { ResourceMeta } from '../../api/get-resources-meta';
import type { Row } from '../../kit/resource-api';
import { imageFields, parseImage, parseImages } from './site-api';

function Thumb({ url, alt }: { url: string; alt: string }) {
  return <Image src={url} alt={alt} w={40} h={40} fit="cover" radius="sm" bg="var(--mantine-color-gray-light)" />;
}

/** List cells for image fields: a thumbnail (and how many, for a gallery) instead of the JSON. */
export function imageCells(meta: ResourceMeta | undefined): Record<string, (row: Row) => React.ReactNode> {
  if (!meta) return {};
  const { single, gallery } = imageFields(meta);
  const cells: Record<string, (row: Row) => React.ReactNode> = {};
  for (const key of single)
    cells[key] = (row) => {
      const image = parseImage(row[key]);
      return image ? <Thumb url={image.thumbnailUrl ?? image.url} alt={image.alt} /> : null;
    };
  for (const key of gallery)
    cells[key] = (row) => {
      const images = parseImages(row[key]);
      if (images.length === 0) return null;
      return (
        <Group gap={6} wrap="nowrap">
          <Thumb url={images[0].thumbnailUrl ?? images[0].url} alt={images[0].alt} />
          {images.length > 1 && (
            <Text size="xs" c="dimmed">
              +{images.length - 1}
            </Text>
          )}
        </Group>
      );
    };
  return cells;
}
