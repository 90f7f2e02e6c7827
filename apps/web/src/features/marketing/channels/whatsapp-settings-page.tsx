import { ChannelSettingsForm } from './channel-settings-form';

export default function WhatsappSettingsPage() {
  return <ChannelSettingsForm channel="whatsapp" />;
}
