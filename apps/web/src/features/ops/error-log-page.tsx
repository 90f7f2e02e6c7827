import { LogsScreen } from './logs-screen';

export default function ErrorLogPage() {
  return <LogsScreen kind="error" title="Error log" description="Errors the server recorded for your community." />;
}
