import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useVisibleScreens } from '../../app/shell/use-visible-screens';
import { PageHeader } from '../../kit/page-header';

/** The settings hub: every screen of the Settings group the role may open, by section. */
export default function ControlCenterPage() {
  const { groups } = useVisibleScreens();
  const settings = groups.find((g) => g.key === 'settings');
  const sections = (settings?.sections ?? [])
    .map((s) => ({ ...s, screens: s.screens.filter((x) => !x.path.endsWith('/controlcenter')) }))
    .filter((s) => s.screens.length > 0);
  return (
    <>
      <PageHeader title="All settings" description="Settings of your community in one place." />
      {sections.map((section) => (
        <section key={section.label ?? ''} aria-label={section.label ?? undefined}>
          {section.label && (
            <Title order={2} size="h4" mt="lg" mb="sm">
              {section.label}
            </Title>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {section.screens.map((s) => (
              <Card key={s.path} component={Link} to={s.path} withBorder padding="lg" radius="md">
                <Text fw={600}>{s.label}</Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {s.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </>
  );
}
