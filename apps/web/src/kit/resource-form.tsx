import { Alert, Anchor, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { FieldAssists, useFieldAssists } from './field-assists';
import { type CustomWidget, FieldInput } from './field-input';
import { FormBar } from './form-bar';
import { useResourceCurrency } from './money-input';
import { ReadOnlyFields } from './read-only-fields';
import { type HistoryDescriber, RecordHistory } from './record-history';
import { type Row, useRecordMutations } from './resource-api';
import {
  displayText,
  type FieldDef,
  fromFormValue,
  inputFields,
  recordCurrency,
  statusFieldOf,
  toFormValue,
  validateValue,
} from './schema';
import { useUnsavedChanges } from './unsaved-changes';

type Values = Record<string, unknown>;

/** `R`: the record as the screen types it (its API type), which onSaved gets back. */
export interface ResourceFormProps<R extends Row = Row> {
  meta: ResourceMeta;
  /** The record to edit; absent = create. */
  record?: R | null;
  /** Inputs a screen provides for some fields (override what differs). */
  widgets?: Record<string, CustomWidget>;
  /** Fields this screen does not edit. */
  exclude?: string[];
  /** Fields shown on one full row (the rest in two columns from sm up). */
  wide?: string[];
  onSaved?: (row: R, mode: 'create' | 'update') => void;
  onCancel?: () => void;
  onValuesChange?: (values: Values) => void;
  /** Called before a navigation away after saving, so the unsaved-changes guard lets it through. */
  submitLabel?: string;
  readOnly?: boolean;
  /** Shows who changed what and when, with restore (default: on for a saved record). */
  history?: boolean;
  /** A new record's starting values (a duplicate's), over the defaults. */
  prefill?: Values;
  /**
   * More of the same record edited on the screen below the fields (a product's variations grid), rendered
   * inside the form: its unsaved changes count in the bar and the leave guard, the bar's Save saves it after
   * the record's fields (with the saved record, so a new record's id too), Cancel discards it.
   */
  companion?: FormCompanion;
  /** The sticky bar is the only way to save an existing record (no button at the form's foot). */
  barOnly?: boolean;
  /** The history's words for changes of fields this form does not show (RecordHistory's `describe`). */
  historyDescribers?: Record<string, HistoryDescriber>;
}

/** A part of the screen saved with the form (ResourceFormProps.companion). */
export interface FormCompanion {
  dirty: boolean;
  /** Saves it for the record just saved; throws to say it failed (it shows its own field errors). */
  save: (row: Row) => Promise<void>;
  discard: () => void;
  /** Rendered inside the form, after the fields. */
  children: ReactNode;
}

const NONE: string[] = [];
const NO_WIDGETS: Record<string, CustomWidget> = {};
const WIDE_KINDS = new Set(['textarea', 'richtext', 'json', 'pairs', 'image', 'file', 'tags', 'multiselect', 'gallery', 'relations']);

export { statusFieldOf } from './schema';

/** A new record's value of a field: the schema's default, else (for the status) the enum's first value, e.g. Draft. */
function defaultOf(f: FieldDef, statusField?: string): unknown {
  if (f.kind === 'password') return '';
  if (f.schema.default !== undefined) return f.schema.default;
  if (f.key === statusField && f.options?.length) return f.options[0];
  return undefined;
}

/** A form's starting values: the record's, or for a new one its defaults (a copy's values over them: `prefill`). */
export function initialValues(fields: FieldDef[], record?: Row | null, statusField?: string, prefill?: Values): Values {
  return Object.fromEntries(
    fields.map((f) => [
      f.key,
      toFormValue(f, record ? record[f.key] : prefill && f.key in prefill ? prefill[f.key] : defaultOf(f, statusField)),
    ]),
  );
}

/** The fields in error, in the order the form shows them, with their messages. */
export function errorSummary(fields: FieldDef[], errors: Record<string, unknown>): { key: string; label: string; message: string }[] {
  return fields.filter((f) => errors[f.key]).map((f) => ({ key: f.key, label: f.label, message: String(errors[f.key]) }));
}

/** Scrolls a field's input into view and focuses it (the first focusable element in its slot). */
function focusField(form: HTMLFormElement | null, key: string) {
  const slot = form?.querySelector<HTMLElement>(`[data-field="${CSS.escape(key)}"]`);
  if (!slot) return;
  slot.scrollIntoView?.({ block: 'center' });
  const target = slot.querySelector<HTMLElement>(
    '[aria-invalid="true"], input:not([type="hidden"]), textarea, [contenteditable="true"], button',
  );
  target?.focus({ preventScroll: true });
}

/** On an update of a resource that declares `ui.editable`: the fields edited, and those kept as created. */
export function splitEditable(
  fields: FieldDef[],
  editable: string[] | null | undefined,
  mode: 'create' | 'update',
): { fields: FieldDef[]; kept: FieldDef[] } {
  if (mode === 'create' || !editable) return { fields, kept: [] };
  return { fields: fields.filter((f) => editable.includes(f.key)), kept: fields.filter((f) => !editable.includes(f.key)) };
}

/** The body to send: every set field on create; only changed fields on update. */
export function bodyOf(fields: FieldDef[], values: Values, initial: Values, mode: 'create' | 'update'): Values {
  const body: Values = {};
  for (const f of fields) {
    const value = values[f.key];
    if (mode === 'update' && JSON.stringify(value) === JSON.stringify(initial[f.key])) continue;
    if (f.kind === 'password' && !value) continue;
    const out = fromFormValue(f, value);
    if (out === undefined) continue;
    if (mode === 'create' && out === null && !f.required) continue;
    body[f.key] = out;
  }
  return body;
}

/**
 * The generic record form: one input per field of the resource's JSON Schema, validated on change
 * and blur, server field errors shown inline, and a warning before unsaved changes are lost.
 */
export function ResourceForm<R extends Row = Row>({
  meta,
  record,
  widgets = NO_WIDGETS,
  exclude = NONE,
  wide = NONE,
  onSaved,
  onCancel,
  onValuesChange,
  submitLabel,
  readOnly,
  history = true,
  prefill,
  companion,
  barOnly,
  historyDescribers,
}: ResourceFormProps<R>) {
  const mode = record ? 'update' : 'create';
  const excluded = exclude.join(',');
  const currency = recordCurrency(meta, record, useResourceCurrency(meta));
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the excluded names, not the array
  const all = useMemo(() => inputFields(meta, currency).filter((f) => !exclude.includes(f.key)), [meta, excluded, currency]);
  // A record that keeps what it was created with (a visitor's message): those fields are text, the rest inputs.
  const { fields, kept } = useMemo(() => splitEditable(all, meta.ui.editable, mode), [all, meta.ui.editable, mode]);
  // A record counts as new when another one (or a newer version) is loaded, not on every render.
  const version = record ? `${record.id}@${String(record.updatedAt ?? '')}` : prefill ? `copy:${JSON.stringify(prefill)}` : 'new';
  const statusField = statusFieldOf(meta);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the record's id and version
  const initial = useMemo(() => initialValues(fields, record, statusField, prefill), [fields, version]);
  const { create, update } = useRecordMutations(meta.path);
  const [formError, setFormError] = useState<string | null>(null);
  const [summary, setSummary] = useState<ReturnType<typeof errorSummary>>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const assists = useFieldAssists(meta.path);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: (values) => {
      const errors: Record<string, string | null> = {};
      for (const f of fields) errors[f.key] = validateValue(f, values[f.key], mode) ?? widgets[f.key]?.validate?.(values[f.key]) ?? null;
      return errors;
    },
    onValuesChange: (values) => onValuesChange?.(values),
  });
  // A newly loaded record replaces the values. The same record's fields made again (the community's
  // currency arrived, so money shows in its units) keep what the user typed and take the rest anew.
  const shownVersion = useRef(version);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the starting values
  useEffect(() => {
    const typed = shownVersion.current === version ? Object.keys(initial).filter((key) => form.isDirty(key)) : [];
    shownVersion.current = version;
    const current = form.getValues();
    form.setValues({ ...initial, ...Object.fromEntries(typed.map((key) => [key, current[key]])) });
    form.resetDirty(initial);
  }, [initial]);

  const fieldsDirty = form.isDirty();
  const dirty = fieldsDirty || Boolean(companion?.dirty);
  const guard = useUnsavedChanges(dirty && !readOnly);
  const [savingCompanion, setSavingCompanion] = useState(false);
  const saving = create.isPending || update.isPending || savingCompanion;

  /** After a failed save: list the errors at the top, then scroll to and focus the first one. */
  function showErrors(errors: Record<string, unknown>) {
    const list = errorSummary(fields, errors);
    setSummary(list);
    if (list[0]) requestAnimationFrame(() => focusField(formRef.current, list[0].key));
  }

  // Ctrl/Cmd+S saves from anywhere on the screen (instead of the browser's "save page").
  useEffect(() => {
    if (readOnly) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        formRef.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [readOnly]);

  async function submit(values: Values) {
    setFormError(null);
    setSummary([]);
    let body: Values;
    try {
      body = bodyOf(fields, values, initial, mode);
    } catch {
      setFormError('Some fields are not valid');
      return;
    }
    const companionDirty = Boolean(companion?.dirty);
    if (mode === 'update' && Object.keys(body).length === 0 && !companionDirty) {
      form.resetDirty();
      notifications.show({ message: 'Nothing to save' });
      return;
    }
    try {
      // The server answers the record of the same resource: the type the screen gave `record`.
      const row =
        mode === 'update' && Object.keys(body).length === 0
          ? record!
          : ((mode === 'create' ? await create.mutateAsync(body) : await update.mutateAsync({ id: record!.id, body })) as R);
      form.resetDirty(values);
      if (companion && companionDirty) {
        setSavingCompanion(true);
        try {
          await companion.save(row);
        } catch (err) {
          // The record's fields are saved; what is left unsaved stays marked, with its errors where it shows them.
          setFormError(err instanceof ApiError ? err.message : 'Saving failed. Try again.');
          if (mode === 'create') {
            guard.allowNext();
            onSaved?.(row, mode);
          }
          return;
        } finally {
          setSavingCompanion(false);
        }
      }
      guard.allowNext();
      notifications.show({ color: 'teal', message: `${meta.label.singular} ${mode === 'create' ? 'created' : 'saved'}` });
      onSaved?.(row, mode);
    } catch (err) {
      if (err instanceof ApiError) {
        const unplaced: string[] = [];
        const inline: Record<string, string> = {};
        for (const [key, message] of Object.entries(err.fields ?? {})) {
          const top = key.split('.')[0];
          if (fields.some((f) => f.key === top)) inline[top] = inline[top] ? `${inline[top]}; ${message}` : message;
          else unplaced.push(`${key}: ${message}`);
        }
        form.setErrors(inline);
        setFormError([err.message, ...unplaced].join(' — '));
        showErrors(inline);
      } else setFormError('Saving failed. Try again.');
    }
  }

  const isWide = (f: FieldDef) => WIDE_KINDS.has(f.kind) || wide.includes(f.key) || Boolean(widgets[f.key]);
  const status = fields.find((f) => f.key === statusField);
  const title = record ? String(record[meta.ui.title] ?? meta.label.singular) : `New ${meta.label.singular.toLowerCase()}`;
  return (
    <>
      <form ref={formRef} onSubmit={form.onSubmit(submit, showErrors)} noValidate>
        {guard.dialog}
        <Stack gap="md">
          {!readOnly && (
            <FormBar
              title={title}
              status={status ? displayText(status, form.values[status.key]) : undefined}
              statusValue={status ? String(form.values[status.key] ?? '') : undefined}
              dirty={dirty}
              saving={saving}
              onCancel={() => {
                form.setValues(initial);
                form.resetDirty(initial);
                form.clearErrors();
                companion?.discard();
                setSummary([]);
                setFormError(null);
              }}
            />
          )}
          {summary.length > 0 && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              data-testid="form-error-summary"
              title={`Fix ${summary.length === 1 ? 'this field' : `these ${summary.length} fields`} before saving`}
            >
              <List size="sm">
                {summary.map((item) => (
                  <List.Item key={item.key}>
                    <Anchor component="button" type="button" size="sm" onClick={() => focusField(formRef.current, item.key)}>
                      {item.label}
                    </Anchor>
                    : {item.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {formError}
            </Alert>
          )}
          {record && kept.length > 0 && <ReadOnlyFields fields={kept} record={record} title="As received (cannot be changed)" />}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {fields.map((f) => {
              const props = form.getInputProps(f.key);
              const input = {
                value: props.value,
                onChange: props.onChange,
                onBlur: props.onBlur,
                onFocus: props.onFocus,
                error: props.error,
              };
              const Widget = widgets[f.key];
              return (
                <div key={f.key} data-field={f.key} style={isWide(f) ? { gridColumn: '1 / -1' } : undefined}>
                  {Widget ? (
                    <Widget field={f} input={input} mode={mode} disabled={readOnly} />
                  ) : (
                    <FieldInput field={f} input={input} mode={mode} disabled={readOnly} />
                  )}
                  {!readOnly && (
                    <FieldAssists
                      assists={assists.get(f.key)}
                      resource={meta.path}
                      field={f}
                      value={props.value}
                      onChange={(value) => form.setFieldValue(f.key, value)}
                      values={form.values}
                    />
                  )}
                </div>
              );
            })}
          </SimpleGrid>
          {record && (
            <Text size="xs" c="dimmed">
              {typeof record.createdAt === 'string' && `Created ${new Date(record.createdAt).toLocaleString()}`}
              {typeof record.updatedAt === 'string' && ` · updated ${new Date(record.updatedAt).toLocaleString()}`}
            </Text>
          )}
          {companion?.children}
          {!readOnly && !(barOnly && mode === 'update') && (
            <Group justify="flex-end" gap="sm">
              {onCancel && (
                <Button variant="default" onClick={onCancel}>
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={saving}>
                {submitLabel ?? (mode === 'create' ? `Create ${meta.label.singular.toLowerCase()}` : 'Save changes')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {record && history && (
        <RecordHistory
          meta={meta}
          record={record}
          canRestore={!readOnly && meta.permissions.write && meta.operations.update}
          describe={historyDescribers}
        />
      )}
    </>
  );
}
