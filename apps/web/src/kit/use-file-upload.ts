import { useState } from 'react';
import { ApiError } from '../api/client';
import { uploadFile } from './resource-api';

/**
 * Uploads the file a FileButton hands over (POST /api/v1/media/files) and passes its URL to `onUploaded`:
 * `busy` while it goes, `error` when it failed (the server's reason, else `failure`).
 */
export function useFileUpload(
  onUploaded: (url: string) => void,
  { purpose, visibility, failure = 'The upload failed' }: { purpose?: string; visibility?: 'public' | 'private'; failure?: string } = {},
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function choose(file: File | null) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded((await uploadFile(file, purpose, visibility)).url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : failure);
    } finally {
      setBusy(false);
    }
  }
  // setError: the input's other failures (opening a private file) show in the same place.
  return { busy, error, setError, choose };
}
