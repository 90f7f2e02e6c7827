import type { Database } from '../db/database';

export interface LogEntry {
  kind: 'application' | 'error';
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  code?: string;
  requestId?: string;
  context?: Record<string, unknown>;
}

/**
 * A community's application and error log, readable in the console. Written outside the request's
 * transaction (an error log must survive the rollback) and never fails the caller.
 */
export async function writeAppLog(db: Database, tenantId: string, entry: LogEntry): Promise<void> {
  try {
    await db.query(
      `insert into app_logs (tenant_id, kind, level, message, code, request_id, context)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        tenantId,
        entry.kind,
        entry.level,
        entry.message.slice(0, 2000),
        entry.code ?? null,
        entry.requestId ?? null,
        entry.context ? JSON.stringify(entry.context) : null,
      ],
    );
  } catch {
    // Logging must never break the request; pino still has the line.
  }
}
