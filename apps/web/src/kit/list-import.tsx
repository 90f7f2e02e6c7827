import { ActionIcon, Button, Modal, Tooltip } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ResourceMeta } from '../api/get-resources-meta';
import { ImportFlow } from './import-flow';

/**
 * "Import CSV": pick a file, check the column mapping and the first rows, then run the import as a
 * job with a progress bar; refused rows can be downloaded as CSV, fixed and imported again.
 */
export function ImportButton({ meta }: { meta: ResourceMeta }) {
  const [open, setOpen] = useState(false);
  if (!meta.permissions.write || (!meta.operations.create && !meta.operations.update)) return null;
  return (
    <>
      <Tooltip label="Import CSV">
        <ActionIcon variant="default" size="lg" aria-label="Import CSV" onClick={() => setOpen(true)}>
          <IconUpload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open && <ImportDialog meta={meta} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ meta, onClose }: { meta: ResourceMeta; onClose: () => void }) {
  const plural = meta.label.plural.toLowerCase();
  return (
    <Modal opened onClose={onClose} title={`Import ${plural}`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <ImportFlow
        path={meta.path}
        fileLabel="CSV file"
        fileDescription={`A CSV file or an XLSX workbook (its first sheet). Columns are matched to fields by name; an export of ${plural} can be edited and imported back.`}
        errorsName={`${meta.label.plural} import errors.csv`}
        onCancel={onClose}
        doneActions={() => <Button onClick={onClose}>Done</Button>}
      />
    </Modal>
  );
}
