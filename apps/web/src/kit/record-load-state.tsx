import { Alert, Loader } from '@mantine/core';
import { ApiError } from '../api/client';

export interface RecordLoadStateProps {
  /** The resource's metadata is still loading. */
  metaPending: boolean;
  /** The caller may read the resource (its metadata came). */
  readable: boolean;
  /** The query of the record shown. */
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** Whom the refusal names: "these settings", "the brand profile". */
  subject: string;
  /** Said when the record could not be loaded and the server gave no reason. */
  loadFailed: string;
}

/** What a one-record screen shows before its form: loading, a refusal for a role that may not read it, or why it did not load. */
export function RecordLoadState({ metaPending, readable, query, subject, loadFailed }: RecordLoadStateProps) {
  return (
    <>
      {(metaPending || (readable && query.isPending)) && <Loader aria-label="Loading" />}
      {!metaPending && !readable && (
        <Alert color="red" variant="light" role="alert">
          Your role does not allow you to see {subject}.
        </Alert>
      )}
      {query.isError && (
        <Alert color="red" variant="light" role="alert">
          {query.error instanceof ApiError ? query.error.message : loadFailed}
        </Alert>
      )}
    </>
  );
}
