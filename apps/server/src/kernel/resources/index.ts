/**
 * The resource kit: what a module needs to declare itself and its records. Modules import the
 * kernel only through this file and the service surfaces (`kernel/<service>/index.ts`: auth,
 * access, compat, storage (files), messaging (mail), jobs, events (audit, logs), notifications,
 * workflows); biome's noRestrictedImports refuses anything else.
 */

export type { DailyViews, PageViews } from '../analytics/page-views';
export type { Scope } from '../auth/context';
export { scopeOf, systemScope } from '../auth/context';
export type { Database, Db } from '../db/database';
export { inTurn } from '../db/in-turn';
export { handlingColumns, inboundIndexes, senderColumns } from '../db/inbound';
export { insertFromJson } from '../db/json-rows';
export { boundToDatabase, perDatabase } from '../db/per-database';
export { type OnDelete, ref, refs } from '../db/relations';
export { preparedStatement, queryRows, rowMapper, selectList } from '../db/select-rows';
export { taxonomyIndexes } from '../db/taxonomy';
export { filterIndexes, instant, platformTable, sortIndexes, tenantTable } from '../db/tenant-table';
export { afterCommit } from '../db/unit-of-work';
export { AppError, errors } from '../errors/app-error';
export { type AppModule, defineModule, joinParts, type ModulePart } from '../module';
export { type Community, requireCommunity } from '../tenancy/communities';
export { inCommunity, sameCommunity, tenantFilter } from '../tenancy/scope-filter';
export { invalidatePublicOrigins, type OriginSource, originOf } from '../web/public-cors';
export { publicBaseUrl, requestOrigin } from '../web/public-url';
export { idParams, tenantRoutes } from './caller-routes';
export { after, autoSlug, type BeforeWrite, steps, uniqueValue } from './hooks';
export { inboundEditable, inboundUi } from './inbound';
export { type MeterDeclaration, type Metering, meteredTotal, type QuotaKey } from './meters';
export { deleteOnly, noWrites } from './operations';
export {
  type ConsentChannel,
  type ConsentGiven,
  definePublicForm,
  type FormContact,
  type FormContext,
  type FormFile,
  type FormOutcome,
  type PublicForm,
  type PublicFormConfig,
} from './public-form';
export {
  definePublicView,
  type PublicView,
  type PublicViewConfig,
  readAsVisitor,
  registerPublicViews,
  type ViewContext,
  visitorScope,
} from './public-view';
export type { ListResult, Resource, ResourceSchemas } from './resource';
export { countUpTo, defineResource, parseInput } from './resource';
export { seedData } from './seed-data';
export { letterCode, slugify, slugSchema, urlSchema } from './slug';
export type {
  AccessCaller,
  AttentionQueue,
  ColumnKey,
  FieldUi,
  HookContext,
  ImportBatchResult,
  ImportRow,
  PlatformTable,
  RecordOf,
  ResourceConfig,
  ResourceImport,
  ResourceTable,
  Row,
  RowRule,
  TenantTable,
  Widget,
} from './types';
