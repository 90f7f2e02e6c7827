/** Errors surface: the one error type, pure rules' refusals, and the community's overrides of error messages. */
export { AppError, errors } from './app-error';
export { DomainError, type ErrorDetails } from './domain-error';
export { errorCodes } from './tables';
