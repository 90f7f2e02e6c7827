import type { ModulePart } from '../../../kernel/resources';
import { channelsCompat } from './compat';
import { ccMessagesResource } from './resources/cc-messages';
import { pushTemplatesResource } from './resources/push-templates';
import { smsTemplatesResource } from './resources/sms-templates';
import { whatsappTemplatesResource } from './resources/whatsapp-templates';
import { channelsRoutes } from './routes';
import { seedChannels } from './seed';
import { syncPendingWhatsappTemplates, WHATSAPP_SYNC_CRON, WHATSAPP_SYNC_JOB } from './whatsapp-sync';

/** SMS, push and WhatsApp templates, channel settings, control-center messages. */
export const channels: ModulePart = {
  resources: [smsTemplatesResource, pushTemplatesResource, whatsappTemplatesResource, ccMessagesResource],
  compat: channelsCompat,
  routes: channelsRoutes,
  // Templates under review in every community: their status read from Meta every 30 minutes (the
  // webhook brings it at once where the community set it up).
  jobs: {
    [WHATSAPP_SYNC_JOB]: async (_data, app) => {
      await syncPendingWhatsappTemplates(app);
    },
  },
  schedules: { [WHATSAPP_SYNC_JOB]: WHATSAPP_SYNC_CRON },
  seed: seedChannels,
};
