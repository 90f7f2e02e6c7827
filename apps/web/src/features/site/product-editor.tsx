import { Paper, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import type { CustomWidget, WidgetProps } from '../../kit/field-input';
import { listRecords, useRecord } from '../../kit/resource-api';
import { GalleryWidget } from './image-inputs';
import { SiteRecordEditor, type SiteRecordEditorProps } from './page-view';
import { type RowColumn, rowsWidget } from './rows-editor';

/** The category chosen in the form (undefined until the form reports its values). */
const CategoryContext = createContext<string | null | undefined>(undefined);

/** The subcategory, listed from the chosen category's subcategories only. */
function SubcategoryWidget({ field, input, mode, disabled }: WidgetProps) {
  const categoryId = useContext(CategoryContext);
  const value: string | null = input.value || null;
  const current = useRecord('site/product-subcategories', value);
  const list = useQuery({
    queryKey: ['resource', 'site/product-subcategories', 'options', 'category', categoryId ?? 'any'],
    staleTime: 30_000,
    queryFn: () =>
      listRecords('site/product-subcategories', { limit: 200, sort: 'name', withTotal: 'false', categoryId: categoryId || undefined }),
  });
  const data = (list.data?.data ?? []).map((r) => ({ value: r.id, label: String(r.name ?? r.id) }));
  if (value && current.data && !data.some((d) => d.value === value)) data.push({ value, label: String(current.data.name ?? value) });
  return (
    <Select
      label={field.label}
      description={categoryId ? 'Subcategories of the chosen category' : field.help}
      placeholder={categoryId === null ? 'Choose a category first' : 'Choose a subcategory'}
      searchable
      clearable
      required={field.required && mode === 'create'}
      disabled={disabled}
      data={data}
      value={value}
      onChange={(id) => input.onChange(id)}
      onBlur={input.onBlur}
      error={input.error}
      name={field.key}
      nothingFoundMessage={list.isFetching ? 'Loading…' : 'No subcategories'}
    />
  );
}

const VARIANT_COLUMNS: RowColumn[] = [
  { key: 'code', label: 'Code', required: true, placeholder: 'EBP-…-M' },
  { key: 'name', label: 'Name' },
  { key: 'finish', label: 'Finish', placeholder: 'Matt' },
  { key: 'size', label: 'Size', placeholder: '600 × 600 mm' },
  { key: 'colour', label: 'Colour' },
  { key: 'thickness', label: 'Thickness' },
  { key: 'price', label: 'Price', type: 'money', width: 130 },
  { key: 'available', label: 'Available', type: 'switch', initial: true, width: 80 },
];
const SPEC_COLUMNS: RowColumn[] = [
  { key: 'label', label: 'Label', required: true, placeholder: 'Water absorption' },
  { key: 'value', label: 'Value', required: true, placeholder: '< 0.5%' },
];
const DOCUMENT_COLUMNS: RowColumn[] = [
  { key: 'title', label: 'Title', required: true, placeholder: 'Datasheet' },
  { key: 'url', label: 'File', type: 'file', required: true, placeholder: 'Upload, or paste a link' },
  { key: 'type', label: 'Type', placeholder: 'datasheet' },
];

const VariantsWidget = rowsWidget(VARIANT_COLUMNS, 'variant');
const SpecificationsWidget = rowsWidget(SPEC_COLUMNS, 'specification');
const DocumentsWidget = rowsWidget(DOCUMENT_COLUMNS, 'document');

const widgets: Record<string, CustomWidget> = {
  images: GalleryWidget,
  subcategoryId: SubcategoryWidget,
  variants: VariantsWidget,
  specifications: SpecificationsWidget,
  documents: DocumentsWidget,
};

/** The product editor: details, specifications, an image gallery (drag to reorder) and variants. */
function ProductEditor(props: SiteRecordEditorProps) {
  const [categoryId, setCategoryId] = useState<string | null | undefined>(undefined);
  return (
    <CategoryContext.Provider value={categoryId}>
      <Paper withBorder p="md" radius="md">
        <SiteRecordEditor
          {...props}
          widgets={widgets}
          stay
          onValuesChange={(values) => {
            const next = (values.categoryId as string | null) ?? null;
            setCategoryId((prev) => (prev === next ? prev : next));
          }}
        />
      </Paper>
    </CategoryContext.Provider>
  );
}

export default ProductEditor;
