import { Select } from '@mantine/core';
import { useCurrentProject } from './api';

/** Which project the screen shows (kept in the URL). */
export function ProjectPicker() {
  const { id, projects, choose } = useCurrentProject();
  return (
    <Select
      label="Project"
      w={280}
      data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      value={id}
      onChange={choose}
      placeholder={projects.isLoading ? 'Loading…' : 'No projects yet'}
      allowDeselect={false}
    />
  );
}
