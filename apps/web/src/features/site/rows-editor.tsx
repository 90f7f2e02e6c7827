import { ActionIcon, Button, FileButton, Group, Input, NumberInput, Paper, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import type { CustomWidget, WidgetProps } from '../../kit/field-input';
import { MoneyInput } from '../../kit/money-input';
import { RemoveButton } from '../../kit/remove-button';
import { useFileUpload } from '../../kit/use-file-upload';

export interface RowColumn {
  key: string;
  label: string;
  /** `money`: an amount in the community's currency (never negative); `file`: a URL with an upload button. */
  type?: 'text' | 'number' | 'money' | 'switch' | 'file';
  required?: boolean;
  width?: number | string;
  placeholder?: string;
  /** A new row's value. */
  initial?: unknown;
}

type Item = Record<string, unknown>;

/** Reads the rows a JSON field holds (its text while the form edits it, or the array). */
export function parseRows(value: unknown): Item[] {
  if (Array.isArray(value)) return value as Item[];
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** A row as the API takes it: empty optional text and numbers left out. */
function clean(columns: RowColumn[], row: Item): Item {
  const out: Item = { ...row };
  for (const c of columns) {
    const v = out[c.key];
    if ((v === '' || v == null) && !c.required) delete out[c.key];
  }
  return out;
}

/** What is wrong with one cell: a required cell left empty, a negative number; null when fine. */
export function cellError(column: RowColumn, value: unknown): string | null {
  if (column.required && (value == null || value === '')) return `${column.label} is required`;
  if ((column.type === 'number' || column.type === 'money') && typeof value === 'number' && value < 0)
    return `${column.label} cannot be negative`;
  return null;
}

/** The first problem among the rows ("Variant 2: Price cannot be negative"), or null. */
export function rowsError(columns: RowColumn[], rows: Item[], itemLabel: string): string | null {
  for (const [i, row] of rows.entries()) {
    for (const c of columns) {
      const message = cellError(c, row[c.key]);
      if (message) return `${itemLabel.charAt(0).toUpperCase()}${itemLabel.slice(1)} ${i + 1}: ${message}`;
    }
  }
  return null;
}

/** A file's URL typed or pasted, or uploaded (the upload's URL fills the cell). */
function FileCell({
  aria,
  value,
  disabled,
  placeholder,
  invalid,
  onChange,
}: {
  aria: string;
  value: string;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
  onChange: (url: string) => void;
}) {
  const { busy, error: failed, choose } = useFileUpload(onChange, { purpose: 'document' });
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        aria-label={aria}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        error={failed ?? invalid}
        aria-invalid={invalid || Boolean(failed) || undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      {!disabled && (
        <FileButton onChange={choose}>
          {(props) => (
            <ActionIcon
              {...props}
              variant="light"
              size="md"
              loading={busy}
              aria-label={`Upload the file of ${aria.replace(/^[^ ]+ of /, '')}`}
            >
              <IconUpload size={14} aria-hidden />
            </ActionIcon>
          )}
        </FileButton>
      )}
    </Group>
  );
}

export interface RowsEditorProps {
  label: string;
  description?: React.ReactNode;
  error?: React.ReactNode;
  columns: RowColumn[];
  value: Item[];
  onChange: (rows: Item[]) => void;
  /** "variant", "specification"… */
  itemLabel: string;
  disabled?: boolean;
}

/** Rows of a few fields each (variants, specifications, documents), added and removed in place. */
export function RowsEditor({ label, description, error, columns, value, onChange, itemLabel, disabled }: RowsEditorProps) {
  const set = (i: number, key: string, v: unknown) =>
    onChange(value.map((row, j) => (j === i ? clean(columns, { ...row, [key]: v }) : clean(columns, row))));
  const add = () =>
    onChange([
      ...value.map((r) => clean(columns, r)),
      Object.fromEntries(columns.filter((c) => c.initial !== undefined || c.required).map((c) => [c.key, c.initial ?? ''])),
    ]);
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Paper withBorder mt={4} p="xs">
        {value.length === 0 ? (
          <Text size="sm" c="dimmed" mb="xs">
            No {itemLabel}s yet.
          </Text>
        ) : (
          <div className="atrium-table-scroll">
            <Table verticalSpacing={4} horizontalSpacing={4} miw={columns.length * 110}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.key} w={c.width} style={{ whiteSpace: 'nowrap' }}>
                      {c.label}
                      {c.required && ' *'}
                    </Table.Th>
                  ))}
                  <Table.Th w={36} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {value.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                  <Table.Tr key={i} data-testid={`${itemLabel}-row`}>
                    {columns.map((c) => {
                      const aria = `${c.label} of ${itemLabel} ${i + 1}`;
                      const v = row[c.key];
                      const invalid = cellError(c, v) ? true : undefined;
                      return (
                        <Table.Td key={c.key}>
                          {c.type === 'switch' ? (
                            <Switch
                              aria-label={aria}
                              checked={v !== false}
                              disabled={disabled}
                              onChange={(e) => set(i, c.key, e.currentTarget.checked)}
                            />
                          ) : c.type === 'file' ? (
                            <FileCell
                              aria={aria}
                              value={v == null ? '' : String(v)}
                              disabled={disabled}
                              placeholder={c.placeholder}
                              invalid={invalid}
                              onChange={(url) => set(i, c.key, url)}
                            />
                          ) : c.type === 'money' ? (
                            <MoneyInput
                              size="xs"
                              aria-label={aria}
                              value={typeof v === 'number' ? v : ''}
                              error={invalid}
                              aria-invalid={invalid}
                              disabled={disabled}
                              placeholder={c.placeholder}
                              onChange={(n) => set(i, c.key, n === '' ? null : n)}
                            />
                          ) : c.type === 'number' ? (
                            <NumberInput
                              size="xs"
                              aria-label={aria}
                              value={typeof v === 'number' ? v : ''}
                              min={0}
                              clampBehavior="none"
                              error={invalid}
                              aria-invalid={invalid}
                              disabled={disabled}
                              placeholder={c.placeholder}
                              onChange={(n) => set(i, c.key, n === '' ? null : Number(n))}
                            />
                          ) : (
                            <TextInput
                              size="xs"
                              aria-label={aria}
                              value={v == null ? '' : String(v)}
                              disabled={disabled}
                              placeholder={c.placeholder}
                              error={invalid}
                              aria-invalid={invalid}
                              onChange={(e) => set(i, c.key, e.currentTarget.value)}
                            />
                          )}
                        </Table.Td>
                      );
                    })}
                    <Table.Td>
                      {!disabled && (
                        <RemoveButton
                          label={`Remove ${itemLabel} ${i + 1}`}
                          onClick={() => onChange(value.filter((_, j) => j !== i).map((r) => clean(columns, r)))}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        {!disabled && (
          <Group mt="xs">
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
              Add {itemLabel}
            </Button>
          </Group>
        )}
      </Paper>
    </Input.Wrapper>
  );
}

/** A form widget editing rows of these columns, checked cell by cell on change, blur and submit. */
export function rowsWidget(columns: RowColumn[], itemLabel: string): CustomWidget {
  const Widget: CustomWidget = (props: WidgetProps) => <RowsField {...props} columns={columns} itemLabel={itemLabel} />;
  Widget.validate = (value) => rowsError(columns, parseRows(value), itemLabel);
  return Widget;
}

/** A form field of rows kept as JSON text by the form (the kit treats arrays of objects as JSON). */
export function RowsField({ field, input, disabled, columns, itemLabel }: WidgetProps & { columns: RowColumn[]; itemLabel: string }) {
  return (
    <RowsEditor
      label={field.label}
      description={field.help}
      error={input.error}
      columns={columns}
      itemLabel={itemLabel}
      disabled={disabled}
      value={parseRows(input.value)}
      onChange={(next) => input.onChange(JSON.stringify(next, null, 2))}
    />
  );
}
