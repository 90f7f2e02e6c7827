import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError, request, toApiError } from '../../api/client';
import { downloadBlob } from '../../kit/csv';
import { dispositionName } from '../../kit/list-export';
import { decodeToken, getToken } from '../../lib/session';

// The builder's calls beyond the kit's resource lists (routes.ts on the server).

/** The tasks resource (the kit's list and form). */
export const TASKS = 'builder/tasks';

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

/** A project's summary report (GET /builder/projects/:id/report). */
export interface ProjectReport {
  project: { id: string; name: string; status: string; dueDate: string | null };
  asOf: string;
  progress: { tasks: number; done: number; percent: number };
  scope: { approvedHours: number; taskHours: number; doneHours: number; pendingChanges: number; pendingHours: number };
  hours: { userId: string | null; name: string; hours: number }[];
  issues: { severity: string; open: number }[];
}

/** Downloads a project's summary report as the server renders it (PDF), under the server's file name. */
export async function downloadReportPdf(projectId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/builder/projects/${projectId}/report.pdf`, {
      headers: { authorization: `Bearer ${getToken() ?? ''}` },
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  downloadBlob(dispositionName(response.headers.get('content-disposition')) ?? 'Summary report.pdf', await response.blob());
}

export const MEMBER_ROLES = ['pm', 'ba', 'ux', 'developer', 'qa', 'client'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const ROLE_LABELS: Record<MemberRole, string> = {
  pm: 'Project manager',
  ba: 'Business analyst',
  ux: 'UX designer',
  developer: 'Developer',
  qa: 'QA',
  client: 'Client',
};

/** A project's member with their role flags (GET /builder/projects/:id/members). */
export type Member = { userId: string; name: string; email: string; capacityHours: number; developerSlot: number | null } & Record<
  MemberRole,
  boolean
>;

export const membersKey = (projectId: string | null) => ['builder', 'members', projectId];

export const useMembers = (projectId: string | null) =>
  useQuery({
    queryKey: membersKey(projectId),
    enabled: Boolean(projectId),
    queryFn: () => request<{ data: Member[] }>('GET', `/api/v1/builder/projects/${projectId}/members`).then((r) => r.data),
  });

/** The signed-in admin's user id (the session token's subject). */
export const myUserId = () => decodeToken(getToken() ?? '')?.sub ?? null;

/** The signed-in admin's membership of a project (null when they are not a member). */
export function useMyMembership(projectId: string | null): Member | null {
  const members = useMembers(projectId);
  const me = myUserId();
  return members.data?.find((m) => m.userId === me) ?? null;
}

/** A project as the resource reads it (GET /builder/projects/:id). */
export interface ProjectRecord {
  id: string;
  name: string;
  status: string;
  estimateHours: number;
  estimateMinor: number;
  invoicedMinor: number;
  paidMinor: number;
}

export const useProjectRecord = (projectId: string | null) =>
  useQuery({
    queryKey: ['builder', 'project', projectId],
    enabled: Boolean(projectId),
    queryFn: () => request<{ data: ProjectRecord }>('GET', `/api/v1/builder/projects/${projectId}`).then((r) => r.data),
  });
