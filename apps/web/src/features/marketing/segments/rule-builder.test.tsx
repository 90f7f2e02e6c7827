import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { completeTree, isComplete, newRule, RuleBuilder } from './rule-builder';
import type { RuleTree } from './segments-api';

describe('the rule builder keeps half-filled conditions out of counts', () => {
  it('a new condition of each kind is complete only once it has what the server needs', () => {
    expect(isComplete(newRule('tags'))).toBe(false);
    expect(isComplete({ type: 'tags', op: 'any', values: ['vip'] })).toBe(true);
    expect(isComplete(newRule('consent'))).toBe(true);
    expect(isComplete(newRule('created'))).toBe(true);
    expect(isComplete({ type: 'created', op: 'before', date: '' })).toBe(false);
    expect(isComplete({ type: 'created', op: 'before', date: '2026-01-31' })).toBe(true);
    expect(isComplete(newRule('attribute'))).toBe(false);
    expect(isComplete({ type: 'attribute', key: 'plan', op: 'exists' })).toBe(true);
    expect(isComplete({ type: 'attribute', key: 'spend', op: 'greater', value: 0 })).toBe(true);
  });

  it('drops incomplete conditions and groups left empty, keeping the joiners', () => {
    expect(
      completeTree({
        op: 'or',
        rules: [
          newRule('tags'),
          { type: 'consent', channel: 'sms', status: 'opted_in' },
          { type: 'group', op: 'and', rules: [newRule('country')] },
          { type: 'group', op: 'and', rules: [newRule('country'), { type: 'language', op: 'in', values: ['hi'] }] },
        ],
      }),
    ).toEqual({
      op: 'or',
      rules: [
        { type: 'consent', channel: 'sms', status: 'opted_in' },
        { type: 'group', op: 'and', rules: [{ type: 'language', op: 'in', values: ['hi'] }] },
      ],
    });
  });
});

describe('the rule builder edits the tree the server takes', () => {
  /** The builder, controlled, with the tree it last sent kept for the test to read. */
  function renderBuilder(initial: RuleTree) {
    const sent: { tree: RuleTree } = { tree: initial };
    function Harness() {
      const [tree, setTree] = useState(initial);
      return (
        <RuleBuilder
          value={tree}
          onChange={(next) => {
            sent.tree = next;
            setTree(next);
          }}
        />
      );
    }
    render(
      <MantineProvider>
        <Harness />
      </MantineProvider>,
    );
    return sent;
  }

  /** Picks an option of the select labelled `label` (the n-th of that label), in that select's own list. */
  async function choose(label: string, option: string, n = 0) {
    const input = screen.getAllByLabelText(label, { selector: 'input' })[n];
    await userEvent.click(input);
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error(`${label} opened no list`);
    await userEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
  }

  it('adds conditions and groups, and removes them', async () => {
    const sent = renderBuilder({ op: 'and', rules: [] });
    expect(screen.getByText('No conditions yet: every contact matches.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add group' }));
    expect(sent.tree.rules).toEqual([newRule('tags'), { type: 'group', op: 'or', rules: [newRule('country')] }]);
    await userEvent.click(screen.getByRole('button', { name: 'Add condition to group' }));
    expect(sent.tree.rules[1]).toEqual({ type: 'group', op: 'or', rules: [newRule('country'), newRule('tags')] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 2.1' }));
    expect(sent.tree.rules[1]).toEqual({ type: 'group', op: 'or', rules: [newRule('tags')] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 2.1' }));
    expect(sent.tree.rules).toEqual([newRule('tags')]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(sent.tree.rules).toEqual([]);
  });

  it('keeps what each list condition allows: country codes in capitals, only known sources', async () => {
    const sent = renderBuilder({ op: 'and', rules: [newRule('country'), newRule('source')] });
    await userEvent.type(screen.getByLabelText('Countries (ISO codes)', { selector: 'input' }), 'in{Enter}');
    expect(sent.tree.rules[0]).toEqual({ type: 'country', op: 'in', values: ['IN'] });
    await userEvent.type(screen.getByLabelText('Sources', { selector: 'input' }), 'nowhere{Enter}');
    expect(sent.tree.rules[1]).toEqual({ type: 'source', op: 'in', values: [] });
    await userEvent.type(screen.getByLabelText('Sources', { selector: 'input' }), 'shop{Enter}');
    expect(sent.tree.rules[1]).toEqual({ type: 'source', op: 'in', values: ['shop'] });
  });

  it('switches a date condition between a window of days and a date, and a consent condition by channel', async () => {
    const sent = renderBuilder({ op: 'and', rules: [newRule('created'), newRule('consent')] });
    await choose('Operator', 'before');
    expect(sent.tree.rules[0]).toEqual({ type: 'created', op: 'before', date: '' });
    expect(screen.getByLabelText('Date')).toBeInTheDocument();
    await choose('Channel', 'SMS');
    expect(sent.tree.rules[1]).toEqual({ type: 'consent', channel: 'sms', status: 'opted_in' });
    await choose('Condition 1: field', 'Custom attribute');
    expect(sent.tree.rules[0]).toEqual(newRule('attribute'));
  });
});
