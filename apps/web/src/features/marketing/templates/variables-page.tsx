import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ResourceScreen } from '../../../kit/resource-screen';
import { TableHead } from '../../../kit/table-head';
import { useVariableOptions, VARIABLES } from './templates-api';

const SOURCES: Record<string, string> = {
  contact: 'Contact field',
  attribute: 'Custom attribute',
  business: 'Business profile',
  constant: 'Constant',
};

/** The standard variables every community has, with what a preview shows for each. */
function StandardVariables() {
  const options = useVariableOptions();
  const standard = options.data?.filter((v) => v.standard) ?? [];
  if (standard.length === 0) return null;
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="standard-variables">
      <Stack gap="xs">
        <Title order={2} size="h4" id="standard-variables">
          Standard variables
        </Title>
        <Text size="sm" c="dimmed">
          Every template may use these. Add a variable of the same name below to change its label or default.
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <TableHead columns={['Tag', 'Label', 'From', 'Preview shows']} />
            <Table.Tbody>
              {standard.map((v) => (
                <Table.Tr key={v.name}>
                  <Table.Td ff="monospace">{`{{ ${v.name} }}`}</Table.Td>
                  <Table.Td>{v.label}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray">
                      {SOURCES[v.source]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{v.example}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** Variables: the standard ones, and the community's own (merge tags from attributes, constants, the business). */
export default function VariablesPage() {
  return (
    <ResourceScreen
      resource={VARIABLES}
      title="Variables"
      description="Merge tags for every template: {{ first_name }} becomes each recipient's first name."
    >
      <StandardVariables />
    </ResourceScreen>
  );
}
