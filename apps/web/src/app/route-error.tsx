import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '../api/client';

/** A lazy chunk that could not load: a new version was deployed, the network dropped, or it timed out. */
export class ChunkLoadError extends Error {
  constructor(message = 'A part of the console could not be loaded') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export const CHUNK_TIMEOUT_MS = 120_000;

export function isChunkError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** import() of a lazy area with a 120 s limit; a missing or late chunk becomes a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Loading took too long')), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((err) => {
      throw isChunkError(err) ? new ChunkLoadError(err instanceof Error ? err.message : undefined) : err;
    })
    .finally(() => clearTimeout(timer));
}

export function ErrorScreen({ title, message, action }: { title: string; message: string; action?: React.ReactNode }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {action}
      </Stack>
    </Center>
  );
}

/** The error element of every route: "reload to update" for chunks, a plain message otherwise. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkError(error)) {
    return (
      <ErrorScreen
        title="A new version is available"
        message="This part of Atrium could not be loaded, usually because the console was updated. Reload to update."
        action={
          <Button onClick={() => window.location.reload()} data-testid="reload-to-update">
            Reload to update
          </Button>
        }
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message =
    error instanceof ApiError ? error.message : 'Something went wrong while opening this page. Try again; if it persists, reload.';
  return (
    <ErrorScreen
      title="This page could not be opened"
      message={message}
      action={<Button onClick={() => window.location.reload()}>Reload</Button>}
    />
  );
}

export function NotFound() {
  return (
    <ErrorScreen
      title="Page not found"
      message="There is no screen at this address, or it is not part of this console yet."
      action={
        <Button component={Link} to="/admin-panel/dashboard" variant="light">
          Go to the dashboard
        </Button>
      }
    />
  );
}

/** Shown while the first screen of a visit loads. */
export function AppLoading() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading Atrium" />
    </Center>
  );
}
