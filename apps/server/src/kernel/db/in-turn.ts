/**
 * Runs several reads of one transaction one after the other and gives their results as
 * `Promise.all` would. A transaction is one connection, which runs one statement at a time anyway:
 * `Promise.all` over it only queued them inside the driver, which node-postgres deprecates (and
 * pg 9 refuses: "Calling client.query() when the client is already executing a query").
 * Reads on separate transactions (each its own connection) may still run side by side.
 */
export async function inTurn<T extends readonly (() => PromiseLike<unknown>)[]>(
  ...reads: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
