import { Alert, Button, Grid, Group, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { ApiError } from '../../api/client';
import { type Me, updateMe } from '../../api/get-me';
import { PageHeader } from '../../kit/page-header';
import { useUnsavedChanges } from '../../kit/unsaved-changes';
import { THEMES, type ThemeName } from '../../lib/appearance';
import { getToken } from '../../lib/session';
import { useThemeChoice } from '../../lib/use-theme-choice';
import { changePassword } from './api/change-password';

function DetailsForm({ me }: { me: Me }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: me.data.name, phone: me.data.phone ?? '' },
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: {
      name: (v) => (v.trim() ? (v.length > 120 ? 'Use at most 120 characters' : null) : 'Enter your name'),
      phone: (v) => (v.length > 40 ? 'Use at most 40 characters' : null),
    },
  });
  const guard = useUnsavedChanges(form.isDirty());
  const save = useMutation({
    mutationFn: (v: { name: string; phone: string }) => updateMe({ name: v.name.trim(), phone: v.phone.trim() || null }),
    onSuccess: (result, values) => {
      client.setQueryData<Me>(['me', getToken()], (old) => (old ? { ...old, data: result.data } : old));
      form.resetDirty(values);
      notifications.show({ color: 'teal', message: 'Profile saved' });
    },
    onError: (err) => {
      setError(err instanceof ApiError ? err.message : 'Saving failed');
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      {guard.dialog}
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Email" value={me.data.email} readOnly disabled description="Ask an owner to change your email" />
        <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label="Phone" autoComplete="tel" {...form.getInputProps('phone')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validateInputOnBlur: true,
    validate: {
      currentPassword: (v) => (v ? null : 'Enter your current password'),
      newPassword: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      confirm: (v, values) => (v === values.newPassword ? null : 'The passwords do not match'),
    },
  });
  const save = useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) =>
      changePassword({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    onSuccess: () => {
      form.reset();
      setError(null);
      notifications.show({ color: 'teal', message: 'Password changed. Your other sessions were signed out.' });
    },
    onError: (err) => {
      setError(err instanceof ApiError ? err.message : 'The password was not changed');
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description="At least 8 characters"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Own profile: name, phone, theme (remembered for the user) and password. */
export default function ProfilePage() {
  const me = useRouteLoaderData('session') as Me;
  const { theme, setTheme } = useThemeChoice();
  return (
    <>
      <PageHeader title="My profile" description={`${me.data.email} · ${me.community.name}`} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <Title order={2} size="h4" mb="sm">
              Details
            </Title>
            <DetailsForm me={me} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
              <Title order={2} size="h4" mb={4}>
                Theme
              </Title>
              <Text size="sm" c="dimmed" mb="sm" id="theme-label">
                Remembered for your account on every device.
              </Text>
              <SegmentedControl
                aria-labelledby="theme-label"
                value={theme}
                onChange={(v) => setTheme(v as ThemeName)}
                data={THEMES}
                fullWidth
              />
            </Paper>
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
              <Title order={2} size="h4" mb="sm">
                Password
              </Title>
              <PasswordForm />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
