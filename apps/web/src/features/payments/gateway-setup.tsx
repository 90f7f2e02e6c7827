import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import {
  credentialLabel,
  type Gateway,
  type GatewayKind,
  saveGateway,
  type TestResult,
  testGateway,
  useGatewayKinds,
} from './gateways-api';

type Step = 'provider' | 'keys' | 'test' | 'enable';
const STEPS: Step[] = ['provider', 'keys', 'test', 'enable'];

interface Form {
  displayName: string;
  mode: 'test' | 'live';
  currency: string;
  instructions: string;
  credentials: Record<string, string>;
}

/** The server's field errors (`credentials.keyId`, `currency`) by the form's field. */
const errorsOf = (err: unknown): Record<string, string> => (err instanceof ApiError ? (err.fields ?? {}) : {});

/**
 * A gateway set up as a flow: choose the provider, enter its keys under the provider's own names,
 * test that gateway's connection, then enable it. A new gateway is saved disabled at the keys step,
 * so nobody pays through it before it is tested and switched on. `gateway`: change an existing one's
 * keys (only the values typed are sent; the stored ones are kept).
 */
export function GatewaySetup({ opened, gateway, onClose }: { opened: boolean; gateway: Gateway | null; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={gateway ? `${gateway.displayName}: keys and test` : 'Set up a payment gateway'}
      size="lg"
    >
      {opened && <Flow key={gateway?.id ?? 'new'} gateway={gateway} onClose={onClose} />}
    </Modal>
  );
}

function Flow({ gateway, onClose }: { gateway: Gateway | null; onClose: () => void }) {
  const kinds = useGatewayKinds();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>(gateway ? 'keys' : 'provider');
  const [kindKey, setKindKey] = useState<string | null>(gateway?.kind ?? null);
  const kind = kinds.data?.find((k) => k.kind === kindKey);
  const allCurrencies = [...new Set((kinds.data ?? []).flatMap((k) => k.currencies))];
  const [form, setForm] = useState<Form>({
    displayName: gateway?.displayName ?? '',
    mode: gateway?.mode ?? 'test',
    currency: gateway?.currency ?? 'INR',
    instructions: gateway?.instructions ?? '',
    credentials: {},
  });
  const [saved, setSaved] = useState<Gateway | null>(gateway);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['payments', 'gateways'] });

  function choose(k: GatewayKind) {
    setKindKey(k.kind);
    setForm((f) => ({
      ...f,
      displayName: f.displayName || k.label,
      currency: k.currencies.includes(f.currency) || k.currencies.length === 0 ? f.currency : k.currencies[0],
    }));
    setStep('keys');
  }

  async function saveKeys() {
    if (!kind) return;
    // Required keys of a new gateway are asked for here, before the server is.
    const missing = Object.fromEntries(
      kind.credentialFields
        .filter((f) => f.required && !saved && !form.credentials[f.key]?.trim())
        .map((f) => [`credentials.${f.key}`, `Enter the ${credentialLabel(kind, f.key).toLowerCase()}`]),
    );
    if (!form.displayName.trim()) missing.displayName = 'Enter a name';
    setErrors(missing);
    setMessage(null);
    if (Object.keys(missing).length > 0) return;
    const credentials = Object.fromEntries(Object.entries(form.credentials).filter(([, v]) => v.trim() !== ''));
    setBusy(true);
    try {
      const body: Record<string, unknown> = {
        displayName: form.displayName.trim(),
        mode: form.mode,
        currency: form.currency,
        ...(kind.online ? {} : { instructions: form.instructions }),
        ...(Object.keys(credentials).length > 0 ? { credentials } : {}),
      };
      const out = await saveGateway(saved?.id ?? null, saved ? body : { ...body, kind: kind.kind, enabled: false });
      setSaved(out);
      setResult(null);
      await refresh();
      setStep('test');
    } catch (err) {
      setErrors(errorsOf(err));
      setMessage(err instanceof ApiError ? err.message : 'The gateway could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  async function runTest() {
    if (!saved) return;
    setBusy(true);
    try {
      setResult(await testGateway(saved.id));
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? err.message : 'The test could not run.' });
    } finally {
      setBusy(false);
    }
  }

  async function enable() {
    if (!saved) return;
    setBusy(true);
    try {
      await saveGateway(saved.id, { enabled: true });
      await refresh();
      onClose();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'The gateway could not be enabled.');
      setBusy(false);
    }
  }

  const field = (key: string) => errors[`credentials.${key}`] ?? errors[key];
  const canEnable = !kind?.online || result?.ok === true;

  return (
    <Stepper
      active={STEPS.indexOf(step)}
      size="sm"
      allowNextStepsSelect={false}
      onStepClick={(i) => i < STEPS.indexOf(step) && setStep(STEPS[i])}
    >
      <Stepper.Step label="Provider" description={kind?.label ?? 'Choose'} allowStepSelect={!gateway}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="md">
          {(kinds.data ?? []).map((k) => (
            <UnstyledButton
              key={k.kind}
              onClick={() => choose(k)}
              aria-label={`${k.label}: ${k.description}`}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Text fw={600}>{k.label}</Text>
              <Text size="xs" c="dimmed">
                {k.description}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stepper.Step>

      <Stepper.Step label="Keys" description={kind?.online ? 'From the provider' : 'Details'}>
        {kind && (
          <Stack gap="sm" mt="md">
            <TextInput
              label="Name shown to payers"
              value={form.displayName}
              error={field('displayName')}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((f) => ({ ...f, displayName: value }));
              }}
            />
            <Group grow align="flex-start">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="gateway-mode">
                  Mode
                </Text>
                <SegmentedControl
                  aria-labelledby="gateway-mode"
                  value={form.mode}
                  onChange={(v) => setForm((f) => ({ ...f, mode: v as Form['mode'] }))}
                  data={[
                    { value: 'test', label: 'Test' },
                    { value: 'live', label: 'Live' },
                  ]}
                />
              </Stack>
              <Select
                label="Currency"
                data={kind.currencies.length > 0 ? kind.currencies : allCurrencies}
                value={form.currency}
                error={field('currency')}
                allowDeselect={false}
                onChange={(v) => v && setForm((f) => ({ ...f, currency: v }))}
              />
            </Group>
            {kind.credentialFields.map((f) => {
              const Input = f.hidden ? PasswordInput : TextInput;
              const stored = saved?.credentialsMasked?.[f.key];
              return (
                <Input
                  key={f.key}
                  label={credentialLabel(kind, f.key)}
                  description={stored ? `Stored: ${stored}. Leave empty to keep it.` : f.hint}
                  withAsterisk={f.required && !stored}
                  autoComplete="off"
                  value={form.credentials[f.key] ?? ''}
                  error={field(f.key)}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setForm((x) => ({ ...x, credentials: { ...x.credentials, [f.key]: value } }));
                  }}
                />
              );
            })}
            {!kind.online && (
              <Textarea
                label="Instructions for the payer"
                autosize
                minRows={2}
                value={form.instructions}
                error={field('instructions')}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({ ...f, instructions: value }));
                }}
              />
            )}
            {kind.online && (
              <Text size="xs" c="dimmed">
                Keys are stored encrypted and never shown again; only a mask is.
              </Text>
            )}
            {message && (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            )}
            <Group justify="space-between">
              {!gateway ? (
                <Button variant="default" onClick={() => setStep('provider')}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button loading={busy} onClick={saveKeys}>
                Save and continue
              </Button>
            </Group>
          </Stack>
        )}
      </Stepper.Step>

      <Stepper.Step label="Test" description="The connection">
        {saved && kind && (
          <Stack gap="sm" mt="md">
            {kind.online ? (
              <>
                <Text size="sm">
                  Ask {kind.label} whether it accepts the keys of <b>{saved.displayName}</b> ({saved.mode === 'live' ? 'live' : 'test'}{' '}
                  mode).
                </Text>
                <Group>
                  <Button variant="light" loading={busy} onClick={runTest}>
                    Test {saved.displayName}
                  </Button>
                </Group>
                {result && (
                  <Alert color={result.ok ? 'teal' : 'red'} title={result.ok ? 'Connected' : 'Not connected'} role="status">
                    {result.message}
                  </Alert>
                )}
              </>
            ) : (
              <Text size="sm">Nothing to test: {kind.label.toLowerCase()} payments are marked as received by hand.</Text>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep('keys')}>
                Change keys
              </Button>
              <Button disabled={!canEnable} onClick={() => setStep('enable')}>
                Continue
              </Button>
            </Group>
            {!canEnable && (
              <Text size="xs" c="dimmed">
                Continue once the test connects.
              </Text>
            )}
          </Stack>
        )}
      </Stepper.Step>

      <Stepper.Step label="Enable" description="Take payments">
        {saved && (
          <Stack gap="sm" mt="md">
            <Text size="sm">
              {saved.enabled
                ? `${saved.displayName} is enabled: payers can choose it.`
                : `Enable ${saved.displayName} so payers can choose it at checkout.`}
            </Text>
            {message && (
              <Alert color="red" role="alert">
                {message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {saved.enabled ? 'Done' : 'Leave disabled'}
              </Button>
              {!saved.enabled && (
                <Button loading={busy} onClick={enable}>
                  Enable {saved.displayName}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Stepper.Step>
    </Stepper>
  );
}
