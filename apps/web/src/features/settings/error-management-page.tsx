import { ResourceScreen } from '../../kit/resource-screen';

export default function ErrorManagementPage() {
  return (
    <ResourceScreen
      resource="settings/error-codes"
      title="Error management"
      description="Override the message your users see for an error code."
    />
  );
}
