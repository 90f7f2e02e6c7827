/**
 * Workflows surface: durable workflows (typed steps, each recorded as it commits, resumed after a
 * crash, compensated last-first) and the in-memory flow checkout's hot path keeps.
 */
export {
  type DurableWorkflow,
  defineWorkflow,
  type ExternalStepContext,
  externalStep,
  type StartedRun,
  type Step,
  type StepContext,
  startWorkflow,
  step,
} from './durable';
export { CompensationError, defineInlineWorkflow, type InlineWorkflow, type WorkflowStep } from './workflow';
