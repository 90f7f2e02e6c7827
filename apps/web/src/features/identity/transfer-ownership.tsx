import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, unwrap } from '../../api/client';
import { useMe } from '../../api/get-me';
import { RelationSelect } from '../../kit/relation-select';
import { getToken } from '../../lib/session';

type Values = { toAdminId: string | null; roleId: string | null; currentPassword: string };

/** Owner only: hands the community to another admin, confirmed with the owner's current password. */
export function TransferOwnership() {
  const me = useMe(getToken());
  const [open, setOpen] = useState(false);
  if (!me.data?.data.isOwner) return null;
  return (
    <>
      <Button variant="default" color="red" onClick={() => setOpen(true)}>
        Transfer ownership
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Transfer ownership" closeButtonProps={{ 'aria-label': 'Close' }}>
        {open && <TransferForm ownerId={me.data.data.id} close={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function TransferForm({ ownerId, close }: { ownerId: string; close: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { toAdminId: null, roleId: null, currentPassword: '' },
    validate: {
      toAdminId: (v) => (!v ? 'Choose the admin who becomes the owner' : v === ownerId ? 'You already own this community' : null),
      currentPassword: (v) => (v ? null : 'Enter your current password'),
    },
  });
  const transfer = useMutation({
    mutationFn: (values: Values) =>
      unwrap(
        api.POST('/api/v1/identity/ownership/transfer', {
          body: {
            toAdminId: values.toAdminId!,
            currentPassword: values.currentPassword,
            ...(values.roleId ? { roleId: values.roleId } : {}),
          },
        }),
      ),
    onSuccess: async (result) => {
      notifications.show({ color: 'teal', message: `${result.data.owner.name} now owns this community` });
      close();
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        form.setErrors(err.fields ?? {});
        setError(err.message);
      } else setError('The transfer failed. Try again.');
    },
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setError(null);
        transfer.mutate(values);
      })}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          The new owner holds every permission and alone can change the owner account. You keep the role you choose below (by default the
          role the new owner had).
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <RelationSelect
          label="New owner"
          resource="identity/admins"
          placeholder="Choose an admin"
          required
          value={form.values.toAdminId}
          onChange={(id) => form.setFieldValue('toAdminId', id)}
          error={form.errors.toAdminId}
        />
        <RelationSelect
          label="Role you keep"
          resource="identity/roles"
          placeholder="The new owner's role"
          value={form.values.roleId}
          onChange={(id) => form.setFieldValue('roleId', id)}
          error={form.errors.roleId}
        />
        <PasswordInput label="Your current password" required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={transfer.isPending}>
            Transfer ownership
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
