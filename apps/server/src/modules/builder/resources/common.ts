import { z } from 'zod';
import { type BeforeWrite, errors, steps } from '../../../kernel/resources';
import { projectRecordRules, stampCreator } from '../access';

/** What every record of a project declares: the row rules, its creator stamped, the project kept. */
export function projectRecord(table: string, ...more: BeforeWrite[]) {
  return {
    access: projectRecordRules(table),
    hooks: {
      beforeWrite: steps(
        stampCreator,
        (ctx, data) => {
          // A record moves between projects by no edit: it would leave its members behind.
          if (ctx.op === 'update' && 'projectId' in data && ctx.existing?.projectId && data.projectId !== ctx.existing.projectId) {
            throw errors.validation({ projectId: 'A record stays in its project' });
          }
          return data;
        },
        ...more,
      ),
    },
  };
}

export const dateInput = () => z.iso.date('A date, YYYY-MM-DD').nullable();
export const titleInput = (s: z.ZodString) => s.trim().min(1).max(300);
export const textInput = (s: z.ZodString) => s.trim().max(5000);
export const PRIORITY_UI = {
  options: { low: { color: 'gray' }, medium: { color: 'blue' }, high: { color: 'yellow' }, urgent: { color: 'red' } },
} as const;
