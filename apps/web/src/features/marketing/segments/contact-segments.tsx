import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useResourceMeta } from '../../../api/get-resources-meta';
import { RECORD_LINKS } from '../../../config/screens';
import { segmentsOfContact } from './segments-api';

/** The segments a contact is in (for the contact's page), each linking to its editor; shown to roles that read segments. */
export function ContactSegments({ contactId }: { contactId: string }) {
  const { meta } = useResourceMeta('marketing/segments');
  const segments = useQuery({
    queryKey: ['contact-segments', contactId],
    queryFn: () => segmentsOfContact(contactId),
    enabled: Boolean(meta),
  });
  if (!meta) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Segments
      </Title>
      {segments.isPending ? (
        <Text size="sm" c="dimmed">
          Loading segments…
        </Text>
      ) : segments.isError ? (
        <Text size="sm" c="red">
          The segments could not be loaded.
        </Text>
      ) : segments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          In no segment
        </Text>
      ) : (
        <Group gap="xs" role="group" aria-label="Segments of this contact">
          {segments.data.map((s) => (
            <Anchor key={s.id} component={Link} to={RECORD_LINKS['marketing/segments'].href(s.id)} size="sm">
              {s.name}
              <Text span size="xs" c="dimmed">
                {` (${s.kind})`}
              </Text>
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
