import { ChannelSettingsForm } from './channel-settings-form';

export default function EmailSettingsPage() {
  return <ChannelSettingsForm channel="email" />;
}
