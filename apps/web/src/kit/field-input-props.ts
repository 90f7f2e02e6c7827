import type { WidgetProps } from './field-input';

/** What every input of a field takes, the kit's and a screen's own: label, help, required, error, focus events, name. */
export function fieldInputProps({ field, input, mode, disabled }: WidgetProps) {
  return {
    label: field.label,
    description: field.help ?? (mode === 'update' && field.kind === 'password' ? 'Leave blank to keep the current password' : undefined),
    required: field.required && mode === 'create' && field.kind !== 'switch',
    error: input.error,
    disabled,
    onBlur: input.onBlur,
    onFocus: input.onFocus,
    name: field.key,
  };
}
