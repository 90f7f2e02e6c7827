import { Paper } from '@mantine/core';
import type { CustomWidget } from '../../kit/field-input';
import type { RecordViewProps } from '../../kit/list-view';
import type { Row } from '../../kit/resource-api';
import { SiteRecordForm } from './site-screen';

export interface SiteRecordEditorProps extends Omit<RecordViewProps, 'row'> {
  /** The saved record; absent for a new one. */
  row?: Row;
  widgets?: Record<string, CustomWidget>;
  /** Saving keeps the record open (a new one then opens as saved); else it goes back to the list. */
  stay?: boolean;
  onValuesChange?: (values: Record<string, unknown>) => void;
}

/** A website record's form in its own page (the image inputs are the website's). */
export function SiteRecordEditor({ row, meta, close, open, widgets, stay, onValuesChange }: SiteRecordEditorProps) {
  return (
    <SiteRecordForm
      meta={meta}
      record={row ?? null}
      widgets={widgets}
      onValuesChange={onValuesChange}
      onCancel={close}
      onSaved={(saved, mode) => {
        if (!stay) close();
        else if (mode === 'create') open(saved.id);
      }}
    />
  );
}

/** The plain editor (home banners): the record's form, back to the list once saved. */
export default function PlainEditor(props: SiteRecordEditorProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <SiteRecordEditor {...props} />
    </Paper>
  );
}
