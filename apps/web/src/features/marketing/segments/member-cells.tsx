import { Table } from '@mantine/core';
import type { Member } from './segments-api';

/** A contact's cells in a segment's tables: name, how to reach them (email, else phone), country. */
export function MemberCells({ member }: { member: Member }) {
  return (
    <>
      <Table.Td>{member.name || '—'}</Table.Td>
      <Table.Td>{member.email ?? member.phone ?? '—'}</Table.Td>
      <Table.Td>{member.country ?? '—'}</Table.Td>
    </>
  );
}
