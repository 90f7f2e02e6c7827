import { ChannelSettingsForm } from './channel-settings-form';

export default function PushSettingsPage() {
  return <ChannelSettingsForm channel="push" />;
}
