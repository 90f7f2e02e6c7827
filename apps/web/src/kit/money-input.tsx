import { NumberInput, type NumberInputProps, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrency } from '../api/get-locale';
import type { ResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget, WidgetProps } from './field-input';
import { fieldInputProps } from './field-input-props';
import { currencyDigits, currencySymbol } from './money';
import { listRecords } from './resource-api';

/**
 * The currency a resource's money is shown in unless a record says its own: the one its fields take
 * from a settings record (`currencyFrom: 'commerce/settings#currency'`, the shop's), else the community's.
 */
export function useResourceCurrency(meta: ResourceMeta): string {
  const community = useCurrency();
  const from = Object.values(meta.ui.fields).find((f) => f.currencyFrom)?.currencyFrom;
  const [resource, field] = from?.split('#') ?? [];
  const settings = useQuery({
    queryKey: ['resource', resource, 'list', 'currency'],
    queryFn: () => listRecords(resource!, { limit: 1, withTotal: 'false' }),
    enabled: Boolean(resource && field),
    staleTime: 60_000,
  });
  const own = field ? settings.data?.data[0]?.[field] : undefined;
  return typeof own === 'string' && own ? own : community;
}

/** Money is never negative: the message shown on the field (the server refuses it too). */
export function moneyError(label: string, value: unknown): string | null {
  return typeof value === 'number' && value < 0 ? `${label} cannot be negative` : null;
}

export type MoneyInputProps = Omit<NumberInputProps, 'onChange' | 'value'> & {
  value: number | '' | null | undefined;
  onChange: (value: number | '') => void;
  /** ISO 4217 code; by default the community's currency. */
  currency?: string;
};

/**
 * An amount of money in the community's currency: its symbol in front, its decimals (two for most), thousands
 * separated, and no minus sign (a negative price cannot be typed, pasted or saved). The decimals
 * are written out when the field is left, not while typing: padding under the caret could swallow a
 * decimal point typed quickly ("12.5" becoming "125.00").
 */
export function MoneyInput({ value, onChange, currency, onFocus, onBlur, ...rest }: MoneyInputProps) {
  const community = useCurrency();
  const code = currency ?? community;
  const symbol = currencySymbol(code);
  const digits = currencyDigits(code);
  const [typing, setTyping] = useState(false);
  return (
    <NumberInput
      {...rest}
      onFocus={onFocus}
      onBlur={(event) => {
        setTyping(false);
        onBlur?.(event);
      }}
      value={value ?? ''}
      onChange={(v) => {
        // Padding stops once the user types (not on focus: a re-render then would lose a selection).
        setTyping(true);
        onChange(v === '' ? '' : typeof v === 'number' ? v : Number(v));
      }}
      leftSection={<span title={code}>{symbol}</span>}
      leftSectionWidth={symbol.length > 1 ? 44 : 28}
      allowNegative={false}
      allowDecimal
      decimalScale={digits}
      fixedDecimalScale={!typing}
      thousandSeparator=","
      min={0}
      clampBehavior="none"
      inputMode="decimal"
      data-currency={code}
    />
  );
}

const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'INR', 'SGD', 'AED', 'AUD', 'CAD', 'CHF', 'JPY', 'CNY', 'ZAR'];

/** Every ISO 4217 currency the browser knows, named ("EUR — Euro"), the usual ones first. */
export function currencyOptions(locale?: string): { value: string; label: string }[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'currency') => string[] };
  const all = intl.supportedValuesOf?.('currency') ?? COMMON_CURRENCIES;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale, { type: 'currency' });
  } catch {
    names = null;
  }
  const ordered = [...COMMON_CURRENCIES.filter((c) => all.includes(c)), ...all.filter((c) => !COMMON_CURRENCIES.includes(c))];
  return ordered.map((code) => ({ value: code, label: `${code} — ${names?.of(code) ?? code}` }));
}

/** A form widget for a currency code field (the brand profile's currency): a searchable list of named currencies. */
export const CurrencyWidget: CustomWidget = (props: WidgetProps) => (
  <Select
    {...fieldInputProps(props)}
    searchable
    data={currencyOptions()}
    value={props.input.value || null}
    onChange={(code) => props.input.onChange(code ?? '')}
    allowDeselect={false}
    nothingFoundMessage="No such currency"
  />
);
