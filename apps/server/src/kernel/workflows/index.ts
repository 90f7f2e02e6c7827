/** Workflows surface: multi-step flows as named steps with compensation. */
export { CompensationError, defineWorkflow, type Workflow, type WorkflowStep } from './workflow';
