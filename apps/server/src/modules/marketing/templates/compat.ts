import { and, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type CompatCall, type CompatEntry, compatScope, compatTable, crudLines, inCompatTx } from '../../../kernel/compat';
import { parseInput, publicBaseUrl, tenantFilter } from '../../../kernel/resources';
import { marketingVariables } from '../tables/variables';
import { emailTemplatesResource } from './email/resource';
import { layoutLibrary } from './email/service';
import { variableExamples } from './samples';
import { variablesResource } from './variables';

type Handle = CompatEntry['handle'];
const READ = 'marketing-templates:read';

const scopeOf = compatScope;
const examplesOf = (call: CompatCall) => inCompatTx(call, (tx, scope) => variableExamples(call.req.server, tx, scope));

/** The editors' picker: every variable (standard and the community's) with its tag and example. */
const dropDown: Handle = async (call) =>
  (await examplesOf(call)).map((v) => ({
    name: v.name,
    label: v.label,
    source: v.source,
    example: v.example,
    tag: `{{ ${v.name} }}`,
    standard: v.standard,
  }));

const multiple = z
  .object({ ids: z.array(z.uuid()).max(200).optional(), names: z.array(z.string().max(64)).max(200).optional() })
  .refine((b) => b.ids || b.names, { message: 'Give ids or names', path: ['ids'] });

/** Several variables at once: the community's by `ids`, or any (standard ones too) by `names`. */
const getMultiple: Handle = async (call) => {
  const body = parseInput(multiple, { ids: call.body.ids, names: call.body.names }) as z.infer<typeof multiple>;
  if (body.ids) {
    const ids = body.ids;
    return inCompatTx(call, (tx, scope) =>
      tx
        .select()
        .from(marketingVariables)
        .where(and(tenantFilter(marketingVariables, scope.tenantId), inArray(marketingVariables.id, ids)))
        .orderBy(marketingVariables.name)
        .then((rows) => rows.map(({ tenantId: _tenant, ...variable }) => variable)),
    );
  }
  const wanted = new Set(body.names);
  return (await examplesOf(call)).filter((v) => wanted.has(v.name));
};

/** The starter layouts (installation-wide), each with its design and a preview. */
const library: Handle = (call) => layoutLibrary(call.req.server, scopeOf(call), publicBaseUrl(call.req.server, call.req));

export const templatesCompat = compatTable([
  crudLines('content', variablesResource, {
    add: '/marcom/variable/add',
    get: '/marcom/variable/getAll',
    update: '/marcom/variable/update',
  }),
  ['content', 'POST', '/marcom/variable/getAllDropDown', READ, dropDown],
  ['content', 'POST', '/marcom/variable/getMultiple', READ, getMultiple],
  crudLines('content', emailTemplatesResource, { add: '/marcom/email/createUserEmailTemplate', get: '/marcom/email/getAllEmailTemplate' }),
  ['content', 'POST', '/templates/email/getEmailTemplates', READ, library],
]);
