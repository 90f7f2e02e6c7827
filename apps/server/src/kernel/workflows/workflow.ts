/**
 * In-memory multi-step flows (checkout's single-transaction hot path) as named steps with
 * compensation; nothing is stored. Flows that must survive a crash are durable workflows
 * (durable.ts, `defineWorkflow`). Each step
 * runs with the flow's input and the results of the steps before it; when a step fails, the steps
 * that completed are undone by their compensations, last first, and the step's error is rethrown.
 * Steps that write the database should each be one transaction (a step is the unit that commits),
 * and their side effects go through the outbox (jobs.enqueue, mailer.enqueue) in that transaction.
 */
export interface WorkflowStep<Input, Result = unknown> {
  name: string;
  run: (input: Input, results: Readonly<Record<string, unknown>>) => Promise<Result> | Result;
  /** Undoes what run did (given what it returned); called only for steps that completed. */
  compensate?: (input: Input, result: Result) => Promise<void> | void;
}

/** A compensation failed too: the flow is left part-way and someone must look (each failure is named). */
export class CompensationError extends Error {
  constructor(
    readonly workflow: string,
    readonly step: string,
    override readonly cause: unknown,
    readonly failures: { step: string; error: unknown }[],
  ) {
    super(`Workflow ${workflow} failed at step ${step}, and undoing ${failures.map((f) => f.step).join(', ')} failed too`);
    this.name = 'CompensationError';
  }
}

export interface InlineWorkflow<Input> {
  name: string;
  steps: string[];
  /** Runs every step in order; returns each step's result by name. */
  run(input: Input): Promise<Record<string, unknown>>;
}

export function defineInlineWorkflow<Input>(name: string, steps: WorkflowStep<Input, any>[]): InlineWorkflow<Input> {
  const names = steps.map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`Workflow ${name} names step ${twice} twice`);
  return {
    name,
    steps: names,
    async run(input) {
      const results: Record<string, unknown> = {};
      const done: WorkflowStep<Input, any>[] = [];
      for (const step of steps) {
        try {
          results[step.name] = await step.run(input, results);
          done.push(step);
        } catch (err) {
          const failures: { step: string; error: unknown }[] = [];
          for (const completed of done.reverse()) {
            if (!completed.compensate) continue;
            try {
              await completed.compensate(input, results[completed.name]);
            } catch (error) {
              failures.push({ step: completed.name, error });
            }
          }
          if (failures.length > 0) throw new CompensationError(name, step.name, err, failures);
          throw err;
        }
      }
      return results;
    },
  };
}
