import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The origin this request came to (`https://host`), as the proxy chain the server trusts reports it. */
export const requestOrigin = (req: Pick<FastifyRequest, 'protocol' | 'host'>) => `${req.protocol}://${req.host}`;

/**
 * The server's public address for links people follow (mail, pay pages): PUBLIC_URL, or the address
 * this request came to (outside production only: production requires PUBLIC_URL, so a forged Host
 * header can never choose where a mailed link points).
 */
export const publicBaseUrl = (app: FastifyInstance, req: FastifyRequest) => app.config.publicUrl ?? requestOrigin(req);
