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
import { ImageListInput, ImageObjectInput } from './image-input';
import { MoneyInput } from './money-input';
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
  const common = {
    label: field.label,
    description: field.help ?? (mode === 'update' && field.kind === 'password' ? 'Leave blank to keep the current password' : undefined),
    required: field.required && mode === 'create' && field.kind !== 'switch',
    error: input.error,
    disabled,
    onBlur: input.onBlur,
    onFocus: input.onFocus,
    name: field.key,
  };
  const max = field.schema.maxLength;
  switch (field.kind) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={input.value}
          onChange={(e) => input.onChange(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={max}
        />
      );
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
      return (
        <MoneyInput
          {...common}
          value={input.value}
          onChange={input.onChange}
          currency={field.currency}
          max={field.schema.maximum === undefined ? undefined : field.schema.maximum / (field.scale ?? 1)}
        />
      );
    case 'percent':
      return (
        <NumberInput
          {...common}
          value={input.value}
          onChange={(v) => input.onChange(v === '' ? '' : typeof v === 'number' ? v : Number(v))}
          suffix=" %"
          allowDecimal
          decimalScale={4}
          min={0}
          max={field.schema.maximum === undefined ? undefined : field.schema.maximum / (field.scale ?? 1)}
          clampBehavior="none"
        />
      );
    case 'number':
    case 'integer':
      return (
        <NumberInput
          {...common}
          value={input.value}
          onChange={(v) => input.onChange(v === '' ? '' : typeof v === 'number' ? v : Number(v))}
          allowDecimal={field.kind !== 'integer'}
          min={field.schema.minimum}
          max={field.schema.maximum}
          clampBehavior="none"
        />
      );
    case 'date':
      return <DateInput {...common} value={input.value} onChange={input.onChange} valueFormat="YYYY-MM-DD" clearable={!field.required} />;
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          value={input.value}
          onChange={input.onChange}
          clearable={!field.required}
          valueFormat="YYYY-MM-DD HH:mm"
        />
      );
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={common.description}
          error={input.error}
          disabled={disabled}
          name={field.key}
          checked={Boolean(input.value)}
          onChange={(e) => input.onChange(e.currentTarget.checked)}
          onBlur={input.onBlur}
          mt="xs"
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={optionData(field)}
          value={input.value}
          onChange={input.onChange}
          clearable={field.nullable || (!field.required && mode === 'create')}
          allowDeselect={false}
        />
      );
    case 'multiselect':
      return <MultiSelect {...common} data={optionData(field)} value={input.value} onChange={input.onChange} clearable />;
    case 'relation':
      return field.ref ? (
        <RelationSelect
          {...common}
          resource={field.ref}
          value={input.value}
          onChange={input.onChange}
          clearable={!field.required || field.nullable}
        />
      ) : (
        <TextInput {...common} value={input.value ?? ''} onChange={(e) => input.onChange(e.currentTarget.value || null)} />
      );
    case 'relations':
      return field.ref ? (
        <RelationMultiSelect
          {...common}
          resource={field.ref}
          value={Array.isArray(input.value) ? input.value : []}
          onChange={input.onChange}
          maxValues={field.schema.maxItems}
        />
      ) : (
        <TagsInput {...common} value={input.value} onChange={input.onChange} clearable />
      );
    case 'gallery':
      return (
        <ImageListInput
          {...common}
          value={toImages(input.value)}
          onChange={input.onChange}
          purpose={field.key}
          max={field.schema.maxItems}
          maxAltLength={field.schema.items?.properties?.alt?.maxLength}
        />
      );
    case 'image':
      if (field.imageObject)
        return (
          <ImageObjectInput
            {...common}
            value={toImage(input.value)}
            onChange={input.onChange}
            purpose={field.key}
            maxAltLength={field.schema.properties?.alt?.maxLength}
          />
        );
      return <UploadInput {...common} kind={field.kind} value={input.value} onChange={input.onChange} purpose={field.key} />;
    case 'file':
      return (
        <UploadInput
          {...common}
          kind={field.kind}
          value={input.value}
          onChange={input.onChange}
          purpose={field.key}
          isPrivate={field.private}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          value={input.value}
          onChange={input.onChange}
          format="hex"
          swatches={SWATCHES}
          eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
        />
      );
    case 'tags':
      return <TagsInput {...common} value={input.value} onChange={input.onChange} clearable placeholder="Type and press Enter" />;
    case 'json':
      return (
        <JsonInput
          {...common}
          value={input.value}
          onChange={input.onChange}
          autosize
          minRows={3}
          maxRows={14}
          formatOnBlur
          validationError="Not valid JSON"
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          value={input.value}
          onChange={(e) => input.onChange(e.currentTarget.value)}
          autoComplete="new-password"
          maxLength={max}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          value={input.value}
          onChange={(e) => input.onChange(e.currentTarget.value)}
          maxLength={max && max < 100000 ? max : undefined}
        />
      );
  }
}
