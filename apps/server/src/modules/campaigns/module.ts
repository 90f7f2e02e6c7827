import { defineModule } from '../../kernel/resources';
import { BOT_REPLY_JOB, type BotReplyJob, sendReply } from './bot/inbound';
import { botConversationsResource, botMessagesResource, botRulesResource } from './bot/resources';
import { campaignsCompat } from './compat';
import { DRIPS_CRON, DRIPS_JOB, runDrips } from './drips/engine';
import { enrolFromForm } from './drips/form-trigger';
import { dripEnrolmentsResource, dripsResource } from './drips/resource';
import { runSendJob, runSweep, SWEEP_CRON, SWEEP_JOB } from './engine/jobs';
import { launchWorkflow, SEND_JOB, SENDERS, type SendJob } from './engine/lifecycle';
import { bindPorts } from './ports';
import { campaignsResource } from './resources/campaigns';
import { channelLimitsResource, pushSubscriptionsResource } from './resources/limits';
import { recipientsResource, trackingEventsResource } from './resources/recipients';
import { campaignRoutes } from './routes';
import { seedCampaigns } from './seed';

/**
 * Campaigns on four channels: the campaign records and their state table, the delivery engine
 * (recipients written at launch, claimed in batches, sent within a shared rate limit, crash-safe),
 * the providers, tracking, reports, A/B tests and the calendar. Contacts, consent, audiences,
 * templates and channel settings come from marketing's `contacts` port; message credits from
 * billing's `quotas` when it is there.
 */
export const campaignsModule = defineModule({
  key: 'campaigns',
  label: 'Campaigns',
  area: 'marketing',
  permissionModules: [{ key: 'campaigns', label: 'Campaigns and reports' }],
  resources: [
    campaignsResource,
    recipientsResource,
    trackingEventsResource,
    channelLimitsResource,
    pushSubscriptionsResource,
    dripsResource,
    dripEnrolmentsResource,
    botRulesResource,
    botConversationsResource,
    botMessagesResource,
  ],
  compat: campaignsCompat,
  routes: campaignRoutes,
  jobs: {
    // Each of a launch's senders works its own batches: as many may run at once in a process.
    [SEND_JOB]: { run: (data: SendJob, app) => runSendJob(app, data), concurrency: SENDERS },
    [SWEEP_JOB]: (_data, app) => runSweep(app),
    [DRIPS_JOB]: (_data, app) => runDrips(app),
    [BOT_REPLY_JOB]: (data: BotReplyJob, app) => sendReply(app, data),
  },
  schedules: { [SWEEP_JOB]: SWEEP_CRON, [DRIPS_JOB]: DRIPS_CRON },
  // A public form's submitter enters the drips that form starts (the kit's forms.submitted).
  subscribers: { 'forms.submitted': enrolFromForm },
  workflows: [launchWorkflow],
  requires: ['contacts'],
  onStart: (app) => bindPorts(app),
  seed: seedCampaigns,
});
