import { Badge, Button, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { brandProfileQuery, useBrandProfile } from '../../api/get-brand-profile';
import { localeQuery } from '../../api/get-locale';
import { useResourceMeta } from '../../api/get-resources-meta';
import { CurrencyWidget } from '../../kit/money-input';
import { PageHeader } from '../../kit/page-header';
import { RecordLoadState } from '../../kit/record-load-state';
import { ResourceForm } from '../../kit/resource-form';
import { brandColourStore, setBrandColour, setFavicon } from '../../lib/appearance';
import { isHexColour } from '../../lib/colors';
import { useStore } from '../../lib/store';

const WIDGETS = { currency: CurrencyWidget };

/** The brand profile: logo, favicon and primary colour. The colour re-themes the console as you pick it. */
export default function BrandingPage() {
  const { meta, isPending: metaPending } = useResourceMeta('settings/client-profile');
  const profile = useBrandProfile(Boolean(meta));
  const client = useQueryClient();
  const colour = useStore(brandColourStore);
  const saved = profile.data?.primaryColor;

  // Leaving the screen without saving puts the saved colour back.
  useEffect(() => () => setBrandColour(client.getQueryData(brandProfileQuery().queryKey)?.primaryColor), [client]);

  return (
    <>
      <PageHeader title="Branding" description="Your logo, favicon and brand colour, used across the console and your website." />
      <RecordLoadState
        metaPending={metaPending}
        readable={Boolean(meta)}
        query={profile}
        subject="the brand profile"
        loadFailed="The brand profile could not be loaded."
      />
      {meta && profile.isSuccess && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
              <ResourceForm
                meta={meta}
                record={profile.data ?? null}
                wide={['businessName']}
                widgets={WIDGETS}
                submitLabel="Save branding"
                onValuesChange={(values) => {
                  if (isHexColour(values.primaryColor)) setBrandColour(values.primaryColor);
                }}
                onSaved={(row) => {
                  client.setQueryData(brandProfileQuery().queryKey, row);
                  setBrandColour(row.primaryColor);
                  setFavicon(row.faviconUrl);
                  // Money everywhere follows the new currency.
                  void client.invalidateQueries({ queryKey: localeQuery().queryKey });
                }}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Preview
                </Title>
                {profile.data?.logoUrl ? (
                  <Image src={profile.data.logoUrl} alt="Current logo" h={60} fit="contain" />
                ) : (
                  <Text size="sm" c="dimmed">
                    No logo yet
                  </Text>
                )}
                <Group gap="xs">
                  <Button size="xs">Primary button</Button>
                  <Button size="xs" variant="light">
                    Light
                  </Button>
                  <Badge>Badge</Badge>
                </Group>
                <Text size="sm">
                  Brand colour in use: <b data-testid="brand-colour">{colour}</b>
                  {saved && colour !== saved.toLowerCase() && ' (not saved yet)'}
                </Text>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
