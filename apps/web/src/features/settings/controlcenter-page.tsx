import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { canSee, SCREENS } from '../../config/screens';
import { PageHeader } from '../../kit/page-header';
import { usePermissions } from '../../lib/permissions';

/** The settings hub: every settings, people and performance screen the role may open. */
export default function ControlCenterPage() {
  const { canRead } = usePermissions();
  const screens = SCREENS.filter(
    (s) =>
      ['controlcenter', 'people', 'performance', 'notifications'].includes(s.area) &&
      !s.path.endsWith('/controlcenter') &&
      canSee(s, canRead),
  );
  return (
    <>
      <PageHeader title="Control center" description="Settings of your community in one place." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {screens.map((s) => (
          <Card key={s.path} component={Link} to={s.path} withBorder padding="lg" radius="md" aria-label={s.label}>
            <Text fw={600}>{s.label}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {s.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
