import { useId } from 'react';

export interface SegmentedChoiceProps {
  /** The group's accessible name ("Period"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
}

/**
 * One of a few choices side by side, the chosen one raised (Mantine's SegmentedControl at size xs):
 * the browser's radio buttons under their labels (arrow keys move between them), without the
 * measuring of the control's sliding indicator, which forced layouts on every render of a dashboard.
 */
export function SegmentedChoice({ label, value, onChange, data }: SegmentedChoiceProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="atrium-segmented">
      {data.map((option) => (
        <label key={option.value} className="atrium-segment" data-active={option.value === value || undefined}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </div>
  );
}
