import { ChannelSettingsForm } from './channel-settings-form';

export default function SmsSettingsPage() {
  return <ChannelSettingsForm channel="sms" />;
}
