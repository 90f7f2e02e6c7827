import type { ModulePart } from '../../../kernel/resources';
import { channelsCompat } from './compat';
import { ccMessagesResource } from './resources/cc-messages';
import { pushTemplatesResource } from './resources/push-templates';
import { smsTemplatesResource } from './resources/sms-templates';
import { whatsappTemplatesResource } from './resources/whatsapp-templates';
import { channelsRoutes } from './routes';
import { seedChannels } from './seed';

/** SMS, push and WhatsApp templates, channel settings, control-center messages. */
export const channels: ModulePart = {
  resources: [smsTemplatesResource, pushTemplatesResource, whatsappTemplatesResource, ccMessagesResource],
  compat: channelsCompat,
  routes: channelsRoutes,
  seed: seedChannels,
};
