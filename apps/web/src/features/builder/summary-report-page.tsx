import { Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { request } from '../../api/client';
import { label } from './api';

interface Summary {
  hours: { userId: string | null; name: string | null; project: string | null; hours: number }[];
  attendance: { userId: string | null; name: string | null; status: string; days: number }[];
}

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`;
const today = () => new Date().toISOString().slice(0, 10);

/** Summary report: hours per person and project and attendance days, printable (the browser prints it to PDF). */
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
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Summary report</Title>
        <Group align="flex-end">
          <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button variant="default" onClick={() => window.print()}>
            Print or save as PDF
          </Button>
        </Group>
      </Group>
      <Title order={2} size="h4">
        Hours
      </Title>
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
      <Title order={2} size="h4">
        Attendance
      </Title>
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
