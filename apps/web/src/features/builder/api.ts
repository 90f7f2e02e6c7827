import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { request } from '../../api/client';

// The builder's calls beyond the kit's resource lists (routes.ts on the server).

export interface ProjectSummary {
  id: string;
  name: string;
  status: string;
  dueDate: string | null;
  tasks: number;
  doneTasks: number;
  progress: number;
  loggedHours: number;
  estimateHours: number;
}

export interface Card {
  id: string;
  title: string;
  status: string;
  position: number;
  assigneeId: string | null;
  priority: string;
  dueDate: string | null;
  labels: string[];
}

export interface Board {
  statuses: string[];
  columns: { status: string; count: number; cards: Card[] }[];
}

export const useProjects = () =>
  useQuery({
    queryKey: ['builder', 'overview'],
    queryFn: () => request<{ data: ProjectSummary[] }>('GET', '/api/v1/builder/overview').then((r) => r.data),
  });

/** The project a builder screen shows: `?project=` or the first one the caller sees. */
export function useCurrentProject() {
  const [params, setParams] = useSearchParams();
  const projects = useProjects();
  const id = params.get('project') ?? projects.data?.[0]?.id ?? null;
  const choose = (next: string | null) =>
    setParams((p) => {
      if (next) p.set('project', next);
      else p.delete('project');
      return p;
    });
  return { id, projects, choose };
}

export const label = (status: string) => status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
