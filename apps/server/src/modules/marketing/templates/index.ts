import type { AppModule } from '../../../kernel/resources';

/** Variables and email templates (block designs rendered with MJML), the template library. */
export const templates: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {};
