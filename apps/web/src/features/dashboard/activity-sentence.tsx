import { Anchor } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResourceMeta } from '../../api/get-resources-meta';

interface Group {
  actorName: string | null;
  action: string;
  count: number;
  records: { id: string; title: string; exists?: boolean }[];
}

const PAST: Record<string, string> = { create: 'added', update: 'changed', delete: 'deleted' };

/**
 * A group of changes as a sentence: "Asha added the product Oak bench", "Asha changed 3 products: Oak
 * bench, Ash stool and 1 more". Titles link to the record while it exists.
 */
export function activitySentence(
  group: Group,
  meta: ResourceMeta | undefined,
  hrefOf: (record: { id: string }) => string | undefined,
): ReactNode {
  const singular = (meta?.label.singular ?? 'record').toLowerCase();
  const plural = (meta?.label.plural ?? 'records').toLowerCase();
  const who = group.actorName ?? 'Someone';
  const verb = PAST[group.action] ?? group.action;
  const titles = group.records.map((r, i) => {
    const href = r.exists !== false ? hrefOf(r) : undefined;
    const text = r.title || 'untitled';
    return (
      <Fragment key={r.id || i}>
        {i > 0 && (i === group.records.length - 1 && group.count === group.records.length ? ' and ' : ', ')}
        {href ? (
          <Anchor component={Link} to={href} inherit underline="always">
            {text}
          </Anchor>
        ) : (
          <q>{text}</q>
        )}
      </Fragment>
    );
  });
  const more = group.count - group.records.length;
  if (group.count === 1) {
    return (
      <>
        <b>{who}</b> {verb} the {singular} {titles}
      </>
    );
  }
  return (
    <>
      <b>{who}</b> {verb} {group.count} {plural}: {titles}
      {more > 0 && ` and ${more} more`}
    </>
  );
}
