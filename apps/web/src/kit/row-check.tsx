import { useEffect, useRef } from 'react';

export interface RowCheckProps {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: () => void;
}

/**
 * A list row's selection box (and the header's "all on this page"): the browser's checkbox in the
 * brand colour. Mantine's Checkbox renders a wrapper, a label and an icon per box, a cost every row of
 * every list paid on each load (about a tenth of a phone list's first render); this is one element.
 */
export function RowCheck({ label, checked, indeterminate = false, onChange }: RowCheckProps) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property only, not an attribute.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className="atrium-row-check" aria-label={label} checked={checked} onChange={onChange} />;
}
