import { ResourceScreen } from '../../kit/resource-screen';

export default function ErrorManagementPage() {
  return (
    <ResourceScreen
      resource="settings/error-codes"
      title="Error messages"
      description="Override the message your users see for an error code."
    />
  );
}
