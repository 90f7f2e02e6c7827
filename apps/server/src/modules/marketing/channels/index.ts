import type { AppModule } from '../../../kernel/resources';

/** SMS, push and WhatsApp templates, channel settings, control-center messages. */
export const channels: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {};
