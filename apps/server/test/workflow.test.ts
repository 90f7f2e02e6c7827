import { describe, expect, it } from 'vitest';
import { CompensationError, defineInlineWorkflow, type WorkflowStep } from '../src/kernel/workflows';

/** A step that records what it does in `log`, failing when told to. */
function step(
  name: string,
  log: string[],
  options: { fail?: boolean; compensate?: boolean; failUndo?: boolean } = {},
): WorkflowStep<{ order: string }> {
  return {
    name,
    run: (input, results) => {
      log.push(`run ${name} (${Object.keys(results).join(',')})`);
      if (options.fail) throw new Error(`${name} broke`);
      return `${name} of ${input.order}`;
    },
    compensate:
      options.compensate === false
        ? undefined
        : (_input, result) => {
            log.push(`undo ${name}: ${result}`);
            if (options.failUndo) throw new Error(`undo ${name} broke`);
          },
  };
}

describe('workflows: named steps with compensation', () => {
  it('runs every step in order and returns their results by name', async () => {
    const log: string[] = [];
    const flow = defineInlineWorkflow('checkout', [step('reserve', log), step('charge', log), step('confirm', log)]);
    const results = await flow.run({ order: 'o1' });
    expect(results).toEqual({ reserve: 'reserve of o1', charge: 'charge of o1', confirm: 'confirm of o1' });
    expect(log).toEqual(['run reserve ()', 'run charge (reserve)', 'run confirm (reserve,charge)']);
    expect(flow.steps).toEqual(['reserve', 'charge', 'confirm']);
  });

  it('a failure in step N stops the flow, undoes steps N-1…1 last first, and rethrows the error', async () => {
    const log: string[] = [];
    const flow = defineInlineWorkflow('checkout', [
      step('reserve', log),
      step('charge', log),
      step('confirm', log, { fail: true }),
      step('email', log),
    ]);
    await expect(flow.run({ order: 'o2' })).rejects.toThrow('confirm broke');
    expect(log).toEqual([
      'run reserve ()',
      'run charge (reserve)',
      'run confirm (reserve,charge)',
      'undo charge: charge of o2',
      'undo reserve: reserve of o2',
    ]);
  });

  it('a failure in the first step undoes nothing; steps without a compensation are skipped', async () => {
    const first: string[] = [];
    await expect(defineInlineWorkflow('f', [step('a', first, { fail: true }), step('b', first)]).run({ order: 'o3' })).rejects.toThrow(
      'a broke',
    );
    expect(first).toEqual(['run a ()']);

    const log: string[] = [];
    const flow = defineInlineWorkflow('f', [step('a', log), step('notify', log, { compensate: false }), step('c', log, { fail: true })]);
    await expect(flow.run({ order: 'o4' })).rejects.toThrow('c broke');
    expect(log).toEqual(['run a ()', 'run notify (a)', 'run c (a,notify)', 'undo a: a of o4']);
  });

  it('a compensation that fails does not stop the others, and the error names every failure', async () => {
    const log: string[] = [];
    const flow = defineInlineWorkflow('launch', [
      step('a', log),
      step('b', log, { failUndo: true }),
      step('c', log),
      step('d', log, { fail: true }),
    ]);
    const error = await flow.run({ order: 'o5' }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(CompensationError);
    const failed = error as CompensationError;
    expect(failed).toMatchObject({ workflow: 'launch', step: 'd' });
    expect((failed.cause as Error).message).toBe('d broke');
    expect(failed.failures.map((f) => f.step)).toEqual(['b']);
    expect(log.slice(-3)).toEqual(['undo c: c of o5', 'undo b: b of o5', 'undo a: a of o5']);
  });

  it('refuses a step name used twice', () => {
    expect(() => defineInlineWorkflow('w', [step('a', []), step('a', [])])).toThrow('Workflow w names step a twice');
  });
});
