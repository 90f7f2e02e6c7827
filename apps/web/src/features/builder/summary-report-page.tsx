import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, request } from '../../api/client';
import { downloadReportPdf, label, type ProjectReport, useCurrentProject } from './api';
import { ProjectPicker } from './project-picker';

interface Summary {
  hours: { userId: string | null; name: string | null; project: string | null; hours: number }[];
  attendance: { userId: string | null; name: string | null; status: string; days: number }[];
}

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`;
const today = () => new Date().toISOString().slice(0, 10);

const hours = (n: number) => `${Math.round(n * 10) / 10} h`;

function Figure({ title, value, lines }: { title: string; value: string; lines: string[] }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {title}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {lines.map((l) => (
        <Text key={l} size="sm">
          {l}
        </Text>
      ))}
    </Paper>
  );
}

/** One project's report: progress, scope vs done, hours per person, open issues; the server renders its PDF. */
function ProjectReportSection() {
  const { id } = useCurrentProject();
  const [downloading, setDownloading] = useState(false);
  const report = useQuery({
    queryKey: ['builder', 'report', id],
    enabled: Boolean(id),
    queryFn: () => request<{ data: ProjectReport }>('GET', `/api/v1/builder/projects/${id}/report`).then((r) => r.data),
  });
  async function download() {
    if (!id) return;
    setDownloading(true);
    try {
      await downloadReportPdf(id);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not downloaded', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setDownloading(false);
    }
  }
  const r = report.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          Project report
        </Title>
        <Group align="flex-end">
          <ProjectPicker />
          <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download} loading={downloading} disabled={!id}>
            Download PDF
          </Button>
        </Group>
      </Group>
      {!id ? <Alert>No project yet.</Alert> : null}
      {report.isError ? <Alert color="red">The project's report could not be loaded.</Alert> : null}
      {r ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure
              title="Progress"
              value={`${r.progress.percent}% done`}
              lines={[`${r.progress.done} of ${r.progress.tasks} tasks done`]}
            />
            <Figure
              title="Scope vs done"
              value={`${hours(r.scope.doneHours)} of ${hours(r.scope.approvedHours)}`}
              lines={[
                `In tasks: ${hours(r.scope.taskHours)}`,
                `Changes waiting: ${r.scope.pendingChanges} (${hours(r.scope.pendingHours)})`,
              ]}
            />
            <Figure
              title="Open issues"
              value={`${r.issues.reduce((n, i) => n + i.open, 0)} open`}
              lines={r.issues.map((i) => `${i.severity}: ${i.open}`)}
            />
          </SimpleGrid>
          <Table aria-label="Hours logged per person on the project">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Hours logged</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.hours.map((p) => (
                <Table.Tr key={p.userId ?? p.name}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{hours(p.hours)}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * Summary report: a project's progress, scope, hours and issues (downloadable as a PDF the server
 * renders), then hours per person and project and attendance days between two dates (printable).
 */
export default function SummaryReportPage() {
  const [from, setFrom] = useState(monthStart());
  const [to, setTo] = useState(today());
  const report = useQuery({
    queryKey: ['builder', 'summary', from, to],
    enabled: Boolean(from && to && from <= to),
    queryFn: () => request<{ data: Summary }>('GET', '/api/v1/builder/reports/summary', { query: { from, to } }).then((r) => r.data),
  });
  return (
    <Stack>
      <Title order={1}>Summary report</Title>
      <ProjectReportSection />
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          Hours and attendance
        </Title>
        <Group align="flex-end">
          <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button variant="default" onClick={() => window.print()}>
            Print or save as PDF
          </Button>
        </Group>
      </Group>
      <Table aria-label="Hours per person and project">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Hours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(report.data?.hours ?? []).map((h) => (
            <Table.Tr key={`${h.userId}-${h.project}`}>
              <Table.Td>{h.name ?? '—'}</Table.Td>
              <Table.Td>{h.project ?? '—'}</Table.Td>
              <Table.Td>{h.hours.toFixed(1)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table aria-label="Attendance days">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Days</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(report.data?.attendance ?? []).map((a) => (
            <Table.Tr key={`${a.userId}-${a.status}`}>
              <Table.Td>{a.name ?? '—'}</Table.Td>
              <Table.Td>{label(a.status)}</Table.Td>
              <Table.Td>{a.days}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
