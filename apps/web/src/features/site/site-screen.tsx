import { useMemo } from 'react';
import { type ResourceMeta, useResourceMeta } from '../../api/get-resources-meta';
import type { CustomWidget } from '../../kit/field-input';
import type { ListView } from '../../kit/list-view';
import type { Row } from '../../kit/resource-api';
import { ResourceForm } from '../../kit/resource-form';
import { ResourceScreen, type ResourceScreenProps } from '../../kit/resource-screen';
import { imageCells } from './image-cells';
import { GalleryWidget, ImageWidget } from './image-inputs';
import { encodeImages, imageFields } from './site-api';

/** Image and gallery inputs for every image field of a resource, plus the screen's own widgets. */
export function useSiteWidgets(meta: ResourceMeta | undefined, own?: Record<string, CustomWidget>) {
  return useMemo(() => {
    const widgets: Record<string, CustomWidget> = {};
    if (meta) {
      const { single, gallery } = imageFields(meta);
      for (const key of single) widgets[key] = ImageWidget;
      for (const key of gallery) widgets[key] = GalleryWidget;
    }
    return { ...widgets, ...own };
  }, [meta, own]);
}

/** The record form of a site resource (image fields handed over as the image inputs read them). */
export function SiteRecordForm({
  meta,
  record,
  widgets,
  exclude,
  onSaved,
  onCancel,
  onValuesChange,
  readOnly,
  submitLabel,
}: {
  meta: ResourceMeta;
  record: Row | null;
  widgets?: Record<string, CustomWidget>;
  exclude?: string[];
  onSaved?: (row: Row, mode: 'create' | 'update') => void;
  onCancel?: () => void;
  onValuesChange?: (values: Record<string, unknown>) => void;
  readOnly?: boolean;
  submitLabel?: string;
}) {
  const all = useSiteWidgets(meta, widgets);
  const encoded = useMemo(() => (record ? encodeImages(meta, record) : null), [meta, record]);
  return (
    <ResourceForm
      meta={meta}
      record={encoded}
      widgets={all}
      exclude={exclude}
      onSaved={onSaved}
      onCancel={onCancel}
      onValuesChange={onValuesChange}
      submitLabel={submitLabel}
      readOnly={readOnly ?? (!meta.permissions.write || (record ? !meta.operations.update : !meta.operations.create))}
    />
  );
}

/** ResourceScreen with the website's image inputs; the list, filters, CSV export and drawer are the kit's. */
export function SiteScreen(props: ResourceScreenProps) {
  const { meta } = useResourceMeta(props.resource);
  const widgets = useSiteWidgets(meta, props.widgets);
  const cells = useMemo(() => ({ ...imageCells(meta), ...props.cells }), [meta, props.cells]);
  const { view: own, exclude, readOnly } = props;
  // A saved record opens in the website's form (image fields handed over as the image inputs read them).
  const view = useMemo<ListView>(
    () => ({
      ...own,
      record:
        own?.record ??
        (({ row, meta: m, close }) => (
          <SiteRecordForm
            meta={m}
            record={row}
            widgets={widgets}
            exclude={exclude}
            onSaved={close}
            onCancel={close}
            readOnly={readOnly || !m.permissions.write || !m.operations.update}
          />
        )),
    }),
    [own, widgets, exclude, readOnly],
  );
  return <ResourceScreen {...props} widgets={widgets} cells={cells} view={view} />;
}
