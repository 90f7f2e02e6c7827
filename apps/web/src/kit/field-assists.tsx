import { Stack } from '@mantine/core';
import { type ComponentType, createContext, lazy, Suspense, useContext, useMemo } from 'react';
import type { FieldDef } from './schema';

/** What an assist beside a field receives: the field, its value and the way to set it, and the form's other values. */
export interface FieldAssistProps {
  /** The resource the form edits (e.g. commerce/products). */
  resource: string;
  /** The field (a kit form's FieldDef; a screen's own form names its key and label). */
  field: Pick<FieldDef, 'key' | 'label'>;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Every value of the form as it stands (the record's title and the like, for context). */
  values: Record<string, unknown>;
}

/**
 * A helper an area offers beside another area's form field (billing's "Write with AI" next to a
 * product's description), keyed by resource and field; its component is its own chunk and renders
 * nothing when it has nothing to offer (the feature is off).
 */
export interface FieldAssistDeclaration {
  key: string;
  resource: string;
  field: string;
  component: () => Promise<{ default: ComponentType<FieldAssistProps> }>;
}

interface LoadedAssist {
  key: string;
  Component: ComponentType<FieldAssistProps>;
}

/** resource → field → the assists declared for it. */
type AssistIndex = Map<string, Map<string, LoadedAssist[]>>;

const FieldAssistsContext = createContext<AssistIndex>(new Map());

/** Makes the declared assists reach every kit form below (the app gives it the areas' declarations). */
export function FieldAssistsProvider({ assists, children }: { assists: FieldAssistDeclaration[]; children: React.ReactNode }) {
  const index = useMemo(() => {
    const byResource: AssistIndex = new Map();
    for (const a of assists) {
      const fields = byResource.get(a.resource) ?? new Map<string, LoadedAssist[]>();
      fields.set(a.field, [...(fields.get(a.field) ?? []), { key: a.key, Component: lazy(a.component) }]);
      byResource.set(a.resource, fields);
    }
    return byResource;
  }, [assists]);
  return <FieldAssistsContext.Provider value={index}>{children}</FieldAssistsContext.Provider>;
}

const NO_FIELDS = new Map<string, LoadedAssist[]>();

/** The assists of one resource's fields. */
export function useFieldAssists(resource: string): Map<string, LoadedAssist[]> {
  return useContext(FieldAssistsContext).get(resource) ?? NO_FIELDS;
}

/** The assists of one field, under its input (each loads on its own; nothing shows while it loads, no room is kept). */
export function FieldAssists({ assists, ...props }: FieldAssistProps & { assists: LoadedAssist[] | undefined }) {
  if (!assists?.length) return null;
  return (
    <Stack gap={4} data-testid={`field-assists-${props.field.key}`}>
      {assists.map(({ key, Component }) => (
        <Suspense key={key} fallback={null}>
          <Component {...props} />
        </Suspense>
      ))}
    </Stack>
  );
}

/**
 * The assists declared for one field of a screen's own form (not a kit ResourceForm): the screen
 * places this under its input, naming the resource and field the assists are declared for.
 */
export function FieldAssistSlot(props: FieldAssistProps) {
  const assists = useFieldAssists(props.resource).get(props.field.key);
  return <FieldAssists assists={assists} {...props} />;
}
