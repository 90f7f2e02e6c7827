/** Errors surface: the one error type, and the community's overrides of error messages. */
export { AppError, errors } from './app-error';
export { errorCodes } from './tables';
