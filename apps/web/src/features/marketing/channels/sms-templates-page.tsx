import { ResourceScreen } from '../../../kit/resource-screen';
import { SmsBodyWidget } from './sms-body-field';

/** SMS templates: the list, and the editor with its GSM-7 / Unicode segment counter. */
export default function SmsTemplatesPage() {
  return (
    <ResourceScreen
      resource="marketing/sms-templates"
      title="SMS templates"
      description="Texts with merge tags, counted in segments as you type (GSM-7: 160 per message, 153 per part; Unicode: 70 and 67). Sender id and DLT template id go with every message."
      widgets={{ body: SmsBodyWidget }}
    />
  );
}
