import { Badge, Group, Text, Textarea } from '@mantine/core';
import type { CustomWidget, WidgetProps } from '../../../kit/field-input';
import { fieldInputProps } from '../../../kit/field-input-props';
import { countSms } from './sms-count';

/** The counter under an SMS body: encoding, length against the segment size, number of segments. */
export function SmsCounter({ text }: { text: string }) {
  const count = countSms(text);
  const unicode = count.encoding === 'ucs2';
  return (
    <Group gap="xs" mt={4} data-testid="sms-counter" aria-live="polite">
      <Badge color={unicode ? 'yellow' : 'green'} variant="light" data-testid="sms-encoding">
        {unicode ? 'Unicode (UCS-2)' : 'GSM-7'}
      </Badge>
      <Text size="xs" c="dimmed" data-testid="sms-segments">
        {count.characters} characters · {count.units} of {count.segments > 1 ? count.segments * count.perSegment : count.perSegment} units ·{' '}
        {count.segments} {count.segments === 1 ? 'segment' : 'segments'}
      </Text>
      {unicode && (
        <Text size="xs" c="dimmed">
          Unicode because of {count.nonGsm.slice(0, 5).join(' ')}
          {count.nonGsm.length > 5 ? ' …' : ''}
        </Text>
      )}
    </Group>
  );
}

/** The SMS body input with its live counter (the kit form's widget for `body`). */
export const SmsBodyWidget: CustomWidget = (props: WidgetProps) => (
  <div>
    <Textarea
      {...fieldInputProps(props)}
      autosize
      minRows={4}
      value={props.input.value ?? ''}
      onChange={(e) => props.input.onChange(e.currentTarget.value)}
    />
    <SmsCounter text={String(props.input.value ?? '')} />
  </div>
);
