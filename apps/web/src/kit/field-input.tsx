import '@mantine/dates/styles.css';
import {
  ColorInput,
  JsonInput,
  Loader,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import { lazy, Suspense } from 'react';
import { CodePicker } from './code-picker';
import { fieldInputProps } from './field-input-props';
import { ImageListInput, ImageObjectInput } from './image-input';
import { MoneyInput } from './money-input';
import { PairsInput } from './pairs-input';
import { RelationMultiSelect, RelationSelect } from './relation-select';
import { type FieldDef, optionData, toImage, toImages } from './schema';
import { UploadInput } from './upload-input';

const RichTextInput = lazy(() => import('./rich-text-input'));

/** What a field's input receives (from Mantine form's getInputProps). */
export interface FieldInputProps {
  value: any;
  onChange: (value: any) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: React.ReactNode;
}

export interface WidgetProps {
  field: FieldDef;
  input: FieldInputProps;
  mode: 'create' | 'update';
  disabled?: boolean;
}

/** A screen's own input for a field (e.g. the roles' permission matrix). */
export type CustomWidget = ((props: WidgetProps) => React.ReactNode) & {
  /** Checks the widget's value on change, blur and submit (e.g. each row's required cells): a message or null. */
  validate?: (value: unknown) => string | null;
};

const SWATCHES = ['#cd3197', '#1c7ed6', '#0ca678', '#f08c00', '#e03131', '#7048e8', '#212529'];

/** The right Mantine input per field kind (text, number, money, date, select, relation, switch, rich text, upload…). */
export function FieldInput({ field, input, mode, disabled }: WidgetProps) {
  const common = fieldInputProps({ field, input, mode, disabled });
  const max = field.schema.maxLength;
  // The input's value and change handler, as each kind of Mantine input takes them.
  const bound = { ...common, value: input.value, onChange: input.onChange };
  const typed = {
    ...common,
    value: input.value,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => input.onChange(e.currentTarget.value),
  };
  const numeric = {
    ...common,
    value: input.value,
    onChange: (v: number | string) => input.onChange(v === '' ? '' : typeof v === 'number' ? v : Number(v)),
    clampBehavior: 'none' as const,
  };
  /** A stored-scaled number's maximum as people type it (a percentage kept in ppm). */
  const scaledMax = field.schema.maximum === undefined ? undefined : field.schema.maximum / (field.scale ?? 1);
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...typed} autosize minRows={3} maxRows={12} maxLength={max} />;
    case 'richtext':
      return (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
          <RichTextInput
            label={field.label}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
            error={input.error}
            required={common.required}
          />
        </Suspense>
      );
    case 'money':
      return <MoneyInput {...bound} currency={field.currency} max={scaledMax} />;
    case 'percent':
      return <NumberInput {...numeric} suffix=" %" allowDecimal decimalScale={4} min={0} max={scaledMax} />;
    case 'number':
    case 'integer':
      return <NumberInput {...numeric} allowDecimal={field.kind !== 'integer'} min={field.schema.minimum} max={field.schema.maximum} />;
    case 'date':
      return <DateInput {...bound} valueFormat="YYYY-MM-DD" clearable={!field.required} />;
    case 'datetime':
      return <DateTimePicker {...bound} clearable={!field.required} valueFormat="YYYY-MM-DD HH:mm" />;
    case 'switch':
      return <Switch {...common} checked={Boolean(input.value)} onChange={(e) => input.onChange(e.currentTarget.checked)} mt="xs" />;
    case 'select':
      return (
        <Select
          {...bound}
          data={optionData(field)}
          clearable={field.nullable || (!field.required && mode === 'create')}
          allowDeselect={false}
        />
      );
    case 'multiselect':
      return <MultiSelect {...bound} data={optionData(field)} clearable />;
    case 'relation':
      return field.ref ? (
        <RelationSelect {...bound} resource={field.ref} clearable={!field.required || field.nullable} />
      ) : (
        <TextInput {...common} value={input.value ?? ''} onChange={(e) => input.onChange(e.currentTarget.value || null)} />
      );
    case 'relations':
      return field.ref ? (
        <RelationMultiSelect
          {...bound}
          resource={field.ref}
          value={Array.isArray(input.value) ? input.value : []}
          maxValues={field.schema.maxItems}
        />
      ) : (
        <TagsInput {...bound} clearable />
      );
    case 'gallery':
      return (
        <ImageListInput
          {...bound}
          value={toImages(input.value)}
          purpose={field.key}
          max={field.schema.maxItems}
          maxAltLength={field.schema.items?.properties?.alt?.maxLength}
        />
      );
    case 'image':
      if (field.imageObject)
        return (
          <ImageObjectInput
            {...bound}
            value={toImage(input.value)}
            purpose={field.key}
            maxAltLength={field.schema.properties?.alt?.maxLength}
          />
        );
      return <UploadInput {...bound} kind={field.kind} purpose={field.key} />;
    case 'file':
      return <UploadInput {...bound} kind={field.kind} purpose={field.key} isPrivate={field.private} />;
    case 'color':
      return (
        <ColorInput {...bound} format="hex" swatches={SWATCHES} eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }} />
      );
    case 'tags':
      return <TagsInput {...bound} clearable placeholder="Type and press Enter" />;
    case 'pairs':
      return <PairsInput field={field} input={input} mode={mode} disabled={disabled} />;
    case 'json':
      return <JsonInput {...bound} autosize minRows={3} maxRows={14} formatOnBlur validationError="Not valid JSON" />;
    case 'country':
    case 'currency':
    case 'language':
    case 'timezone':
      return (
        <CodePicker
          {...common}
          kind={field.kind}
          value={input.value}
          onChange={(code) => input.onChange(code ?? '')}
          clearable={field.nullable || !field.required}
        />
      );
    case 'password':
      return <PasswordInput {...typed} autoComplete="new-password" maxLength={max} />;
    default:
      return (
        <TextInput
          {...typed}
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          maxLength={max && max < 100000 ? max : undefined}
        />
      );
  }
}
