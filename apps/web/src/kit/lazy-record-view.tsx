import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * A list view's `record` or `create` whose editor loads when a record opens, in its own chunk, not with
 * the list: pass the editor module's loader. Use it where the editor is heavy (forms with galleries,
 * row editors, pickers) and the list needs only the view's cells; a loader shows in the record's
 * drawer or page meanwhile.
 */
export function lazyRecordView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): (props: P) => ReactNode {
  const Editor = lazy(load);
  return (props: P) => (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading the editor" />
        </Center>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
