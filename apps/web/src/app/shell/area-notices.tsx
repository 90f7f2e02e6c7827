import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CONSOLE_NOTICES } from '../../config/screens';
import { usePermissions } from '../../lib/permissions';

/** The areas' console-wide notices (screen-types.ts `ConsoleNotice`), each its own chunk. */
const notices = CONSOLE_NOTICES.map((n) => ({ ...n, Component: lazy(n.component) }));

/** Above every screen: the notices of the areas the role reads (each renders nothing when all is well). */
export function AreaNotices() {
  const { canRead } = usePermissions();
  const shown = notices.filter((n) => n.modules.length === 0 || n.modules.some(canRead));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="console-notices">
      {shown.map(({ key, Component }) => (
        <Suspense key={key} fallback={null}>
          <Component />
        </Suspense>
      ))}
    </Stack>
  );
}
